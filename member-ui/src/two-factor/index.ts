export { TwoFactorPage } from './TwoFactorPage';
export { TwoFactorSignInPage } from './TwoFactorSignInPage';
export { twoFactorLive } from './two-factor-api';
