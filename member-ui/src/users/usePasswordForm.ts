import { useState } from 'react';
import { clientPasswordErrors, errorsAfterChange, serverPasswordErrors, type PasswordErrors, type PasswordField } from './password-form';

/**
 * State of a password form with the given fields: values, the error shown per field, and one general
 * error. `check` runs the console's rules before sending; `refuse` shows what the server answered.
 */
export const usePasswordForm = <F extends PasswordField>(fields: readonly F[], email: string) => {
  const empty = () => Object.fromEntries(fields.map((field) => [field, ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);

  const change = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => errorsAfterChange(current, next, email, field));
  };

  const check = (): boolean => {
    const found = clientPasswordErrors(values, email);
    setErrors(found);
    setGeneralError(null);
    return Object.keys(found).length === 0;
  };

  const refuse = (error: unknown, prefix = '') => {
    const answer = serverPasswordErrors(error, prefix);
    setErrors(answer.fields);
    setGeneralError(answer.general);
  };

  const clear = () => {
    setValues(empty());
    setErrors({});
    setGeneralError(null);
  };

  return { values, errors, generalError, change, check, refuse, clear };
};
