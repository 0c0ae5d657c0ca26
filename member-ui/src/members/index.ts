export { MemberPage } from './MemberPage';
export { MemberEditPage } from './MemberEditPage';
export { IgnoredMembersPage } from './IgnoredMembersPage';
export { OnboardingPage } from './OnboardingPage';
export { ChangeRequestPage } from './ChangeRequestPage';
