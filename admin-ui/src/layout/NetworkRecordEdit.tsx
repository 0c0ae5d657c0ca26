import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useSavingToasts } from './useSavingToasts';

/**
 * Save only. `alwaysEnabled` for forms whose rows are added through setValue (they do not count as dirty
 * for a field array); saving an unchanged record appends nothing on the server.
 */
const SaveToolbar = ({ testId, alwaysEnabled }: { testId: string; alwaysEnabled: boolean }) => {
  const { isSubmitting } = useFormState();
  return (
    <Toolbar>
      {alwaysEnabled ? (
        <SaveButton alwaysEnable={!isSubmitting} disabled={isSubmitting} data-testid={testId} />
      ) : (
        <SaveButton data-testid={testId} />
      )}
    </Toolbar>
  );
};

interface NetworkRecordEditProps {
  resource: string;
  /** the one record's id (the network's) */
  id: string;
  /** a translation key; without it react-admin's own title for the resource */
  title?: string;
  /** false: no show/list buttons above the form */
  actions?: false;
  saveTestId: string;
  alwaysEnabled?: boolean;
  children: ReactNode;
}

/**
 * The editor of a resource the network has exactly one of (imprint, navigation, categories): saved
 * pessimistically with the saving toasts (409 when another administrator saved meanwhile), staying on the page.
 */
export const NetworkRecordEdit = ({ resource, id, title, actions, saveTestId, alwaysEnabled = false, children }: NetworkRecordEditProps) => {
  const savingToasts = useSavingToasts();
  return (
    <Edit resource={resource} id={id} title={title} actions={actions} redirect={false} mutationMode="pessimistic" mutationOptions={savingToasts}>
      <SimpleForm toolbar={<SaveToolbar testId={saveTestId} alwaysEnabled={alwaysEnabled} />}>{children}</SimpleForm>
    </Edit>
  );
};
