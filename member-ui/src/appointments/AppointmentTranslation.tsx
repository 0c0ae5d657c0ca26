import type { AppointmentTranslationResponse } from '@cn/contracts';
import type { TranslationLanguage } from '@cn/contracts';
import { TranslationMenu, useContentTranslation, type TranslationMenuProps } from '../translation/TranslationMenu';

/**
 * The translation of one version of an appointment: choosing a language loads it, a newer version (or
 * another appointment) shows the original again; a late answer for an earlier choice is dropped.
 */
export const useAppointmentTranslation = ({
  version,
  load,
  onFailure,
}: {
  /** the appointment's id and updated_at */
  version: string;
  load: (language: TranslationLanguage) => Promise<AppointmentTranslationResponse>;
  onFailure: () => void;
}) => useContentTranslation({ subject: version, load, onFailure });

/** Language selector of the detail header, and the marker while a translation is shown. */
export const TranslationSelector = (props: TranslationMenuProps<AppointmentTranslationResponse>) => (
  <TranslationMenu {...props} texts="appointments.translation" testId="translation" className="appointment-translation" />
);
