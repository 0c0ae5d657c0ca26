import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { passwordErrorText } from './password-form';
import { NewPasswordFields, PasswordInput } from './PasswordFields';
import { changeOwnPassword } from './passwords-api';
import { usePasswordForm } from './usePasswordForm';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** The form of the password change; `email` is the member's own, which the new password must not be. */
export const ChangePasswordForm = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const toasts = useToasts();
  const form = usePasswordForm(FIELDS, email);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (!form.check()) return;
    setSubmitting(true);
    try {
      await changeOwnPassword(api, form.values);
      form.clear();
      toasts.show('success', 'passwords.changed');
    } catch (error) {
      form.refuse(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      className="password-form"
      data-testid="change-password-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {form.generalError ? (
        <div className="alert alert--error" role="alert" data-testid="change-password-error">
          {passwordErrorText(t, form.generalError)}
        </div>
      ) : null}
      {/* lets password managers tie the new password to the account */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        name="current_password"
        label={t('passwords.current_password')}
        value={form.values.current_password}
        onChange={(value) => form.change('current_password', value)}
        error={form.errors.current_password}
        autoComplete="current-password"
      />
      <NewPasswordFields values={form.values} errors={form.errors} change={form.change} />
      <div className="form-actions">
        <button type="submit" className="button" data-testid="change-password-submit" disabled={submitting}>
          {t('passwords.change_submit')}
        </button>
      </div>
    </form>
  );
};

/** The password part of /users/edit. */
export const ChangePasswordSection = () => {
  const { t } = useTranslation();
  const { member } = useSignedIn();
  return (
    <section className="detail-block" id="password" data-testid="change-password-section">
      <h2>{t('passwords.change_title')}</h2>
      <ChangePasswordForm email={member.email ?? ''} />
    </section>
  );
};
