import { PASSWORD_MIN_LENGTH } from '@cn/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordErrorText } from './password-form';

/** The rules every new password follows (contracts' password policy), shown next to the input. */
export const PasswordRules = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  return (
    <div className="password-rules" id={id} data-testid="password-rules">
      <p>{t('passwords.rules_title')}</p>
      <ul>
        <li>{t('passwords.rule_length', { min: PASSWORD_MIN_LENGTH })}</li>
        <li>{t('passwords.rule_common')}</li>
        <li>{t('passwords.rule_email')}</li>
      </ul>
    </div>
  );
};

interface PasswordInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** error key, shown in words */
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  /** id of the rules the input follows */
  describedBy?: string;
}

/** A password input with its show/hide toggle and its error. */
export const PasswordInput = ({ name, label, value, onChange, error, autoComplete, describedBy }: PasswordInputProps) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  const errorId = useId();
  const described = [error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-pressed={shown}
          aria-controls={id}
          data-testid={`toggle-${name}`}
          onClick={() => setShown((current) => !current)}
        >
          {t(shown ? 'passwords.hide' : 'passwords.show')}
        </button>
      </div>
      {error ? (
        <p className="field__error" id={errorId} data-testid={`error-${name}`}>
          {passwordErrorText(t, error)}
        </p>
      ) : null}
    </div>
  );
};

interface NewPasswordFieldsProps {
  values: { password: string; password_confirmation: string };
  errors: { password?: string; password_confirmation?: string };
  change: (field: 'password' | 'password_confirmation', value: string) => void;
}

/** The new password, the rules it follows and its confirmation: the same on every form that sets one. */
export const NewPasswordFields = ({ values, errors, change }: NewPasswordFieldsProps) => {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <>
      <PasswordInput
        name="password"
        label={t('passwords.new_password')}
        value={values.password}
        onChange={(value) => change('password', value)}
        error={errors.password}
        autoComplete="new-password"
        describedBy={rulesId}
      />
      <PasswordRules id={rulesId} />
      <PasswordInput
        name="password_confirmation"
        label={t('passwords.password_confirmation')}
        value={values.password_confirmation}
        onChange={(value) => change('password_confirmation', value)}
        error={errors.password_confirmation}
        autoComplete="new-password"
      />
    </>
  );
};

/** The account's e-mail address as signed-out forms ask for it (sign-in, forgotten password), with its error. */
export const EmailInput = ({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null }) => {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('sign_in.email')}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field__error" id={errorId} data-testid="error-email">
          {t(`errors.${error}`, { defaultValue: t('errors.generic_error') })}
        </p>
      ) : null}
    </div>
  );
};
