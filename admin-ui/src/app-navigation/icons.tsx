import type { ComponentType } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import MailIcon from '@mui/icons-material/Mail';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import ContactsIcon from '@mui/icons-material/Contacts';
import SearchIcon from '@mui/icons-material/Search';
import DescriptionIcon from '@mui/icons-material/Description';
import SettingsIcon from '@mui/icons-material/Settings';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import LinkIcon from '@mui/icons-material/Link';
import PublicIcon from '@mui/icons-material/Public';
import GroupsIcon from '@mui/icons-material/Groups';
import StarIcon from '@mui/icons-material/Star';
import InfoIcon from '@mui/icons-material/Info';
import CampaignIcon from '@mui/icons-material/Campaign';
import SchoolIcon from '@mui/icons-material/School';
import WorkIcon from '@mui/icons-material/Work';
import HelpIcon from '@mui/icons-material/Help';
import type { AppNavigationIcon } from '@cn/contracts';

/** the app's icons as this console draws them (the same Material names) */
export const APP_NAVIGATION_ICON_COMPONENTS: Record<AppNavigationIcon, ComponentType<{ fontSize?: 'small' | 'medium' }>> = {
  home: HomeIcon,
  dynamic_feed: DynamicFeedIcon,
  mail: MailIcon,
  event: EventIcon,
  folder: FolderIcon,
  forum: ForumIcon,
  contacts: ContactsIcon,
  search: SearchIcon,
  description: DescriptionIcon,
  settings: SettingsIcon,
  more_horiz: MoreHorizIcon,
  link: LinkIcon,
  public: PublicIcon,
  groups: GroupsIcon,
  star: StarIcon,
  info: InfoIcon,
  campaign: CampaignIcon,
  school: SchoolIcon,
  work: WorkIcon,
  help: HelpIcon,
};

export const AppNavigationIconOf = ({ icon }: { icon: string }) => {
  const Icon = (APP_NAVIGATION_ICON_COMPONENTS as Record<string, ComponentType<{ fontSize?: 'small' | 'medium' }> | undefined>)[icon] ?? HelpIcon;
  return <Icon fontSize="small" />;
};
