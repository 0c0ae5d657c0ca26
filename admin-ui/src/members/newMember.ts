/** The create form's values (spec §3 "New member"). */
export interface NewMemberValues {
  email: string;
  password?: string | null;
  send_welcome_mail?: boolean;
  profile_id?: string | null;
  /** optional additions the command service accepts */
  first_name?: string | null;
  last_name?: string | null;
}

const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Spec §5: email required; password required unless the welcome mail lets the member choose one. */
export const validateNewMember = (values: Partial<NewMemberValues>): Record<string, string> => {
  const errors: Record<string, string> = {};
  const address = (values.email ?? '').trim();
  if (address === '') errors.email = 'cn.errors.required';
  else if (!looksLikeEmail(address)) errors.email = 'cn.errors.invalid_format';
  if (values.send_welcome_mail !== true && (values.password ?? '') === '') errors.password = 'cn.errors.required';
  return errors;
};
