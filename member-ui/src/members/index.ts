export { MemberPage } from './MemberPage';
