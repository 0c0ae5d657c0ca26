export { ChangePasswordForm, ChangePasswordSection } from './ChangePasswordSection';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { UserSettingsPage } from './UserSettingsPage';
