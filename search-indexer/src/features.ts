import type { SearchFeature } from './core/search-feature';
import { membersSearchFeature } from './members/members.module';
import { networkSearchFeature } from './network/network.module';
import { appointmentsSearchFeature } from './appointments/appointments.module';
import { groupsSearchFeature } from './groups/groups.module';
import { channelsSearchFeature } from './channels/channels.module';
import { activitiesSearchFeature } from './activities/activities.module';
import { messagesSearchFeature } from './messages/messages.module';
import { filesSearchFeature } from './files/files.module';
import { itemsSearchFeature } from './items/items.module';
import { pagesSearchFeature } from './pages/pages.module';
import { articlesSearchFeature } from './articles/articles.module';
import { tagsSearchFeature } from './tags/tags.module';
import { globalSearchFeature } from './global-search/global-search.module';
import { indexRebuildsSearchFeature } from './index-rebuilds/index-rebuilds.module';

/** The search side's features: adding one is one line here. */
export const SEARCH_FEATURES: readonly SearchFeature[] = [
  networkSearchFeature,
  membersSearchFeature,
  appointmentsSearchFeature,
  groupsSearchFeature,
  channelsSearchFeature,
  activitiesSearchFeature,
  messagesSearchFeature,
  filesSearchFeature,
  itemsSearchFeature,
  pagesSearchFeature,
  articlesSearchFeature,
  tagsSearchFeature,
  globalSearchFeature,
  indexRebuildsSearchFeature,
];
