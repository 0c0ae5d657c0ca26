import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { pickerApi } from './picker-api';
import { SearchPicker, type PickerOption } from './SearchPicker';
// the option list's look; kept out of SearchPicker so that its unit spec needs no CSS transform
import './pickers.css';

export type PickedMember = PickerOption;

/** Search the member directory and pick members (participants, contacts). */
export const MemberPicker = ({
  label,
  name,
  value,
  onChange,
  excludeIds = [],
}: {
  label: string;
  name: string;
  value: PickedMember[];
  onChange: (next: PickedMember[]) => void;
  excludeIds?: string[];
}) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const search = useCallback(
    async (q: string) => (await pickerApi(api).members(q)).map((member) => ({ id: member.id, name: member.displayName })),
    [api],
  );
  return (
    <SearchPicker
      label={label}
      name={name}
      placeholder={t('appointments.picker.placeholder')}
      value={value}
      onChange={onChange}
      excludeIds={excludeIds}
      search={search}
      testId={`member-picker-${name}`}
      pickedTestId="picked-member"
      optionTestId="picker-result"
    />
  );
};
