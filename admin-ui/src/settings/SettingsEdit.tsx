import { useEffect } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { Edit, SaveButton, TabbedForm, TabbedFormTabs, Toolbar } from 'react-admin';
import { BasicSettingsInputs, JoinSettingsInputs, MailSettingsInputs, MemberSettingsInputs } from './SettingsTabs';
import { validateSettings } from './validateSettings';
import { useSavingToasts } from '../layout/useSavingToasts';

/**
 * The cross-field rules (two-factor methods, map address) put their error on a field the administrator
 * did not touch; validating the whole form on every change shows it where it belongs at once.
 */
const RevalidateOnChange = () => {
  const { watch, trigger } = useFormContext();
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name !== undefined) void trigger();
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
  return null;
};

/** Save is offered only for a changed, valid form that is not already being saved (spec §5). */
const SettingsToolbar = () => {
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <RevalidateOnChange />
      <SaveButton disabled={!isDirty || !isValid || isSubmitting} data-testid="settings-save" />
    </Toolbar>
  );
};

/** /administration/settings/edit of the spec: one form, tabs basic, join, member and mail. */
export const SettingsEdit = () => {
  const savingToasts = useSavingToasts();
  return (
    <Edit
      title="cn.settings.title"
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={savingToasts}
    >
      <TabbedForm
        validate={validateSettings}
        mode="onChange"
        toolbar={<SettingsToolbar />}
        // four tabs are wider than a phone: they scroll inside the tab bar, not the page
        tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
        warnWhenUnsavedChanges
      >
        <TabbedForm.Tab label="cn.settings.tabs.basic" data-testid="settings-tab-basic">
          <BasicSettingsInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="cn.settings.tabs.join" path="join" data-testid="settings-tab-join">
          <JoinSettingsInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="cn.settings.tabs.member" path="member" data-testid="settings-tab-member">
          <MemberSettingsInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="cn.settings.tabs.mail" path="mail" data-testid="settings-tab-mail">
          <MailSettingsInputs />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
};
