export { GroupLayout, GroupStartPage, GroupMembersPage, GroupAdministrationPage } from './GroupLayout';
export { NewGroupPage, EditGroupPage } from './GroupFormPage';
export { GroupInvitesPage, SentGroupInvitesPage, InviteMembersPage } from './GroupInvitesPage';
export { DirectoryGroupsPage } from './DirectoryGroupsPage';
export { GroupNavigationPage, GroupStatisticsPage } from './GroupAdministrationPages';
