import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NavSection } from '../shell/navigation';
import { useSession, useSignedIn } from '../session/SessionContext';
import { channelsApi } from './channels-api';
import { channelsKeys } from './channels-queries';
import { useVisitedChannels } from './visited-channels';

/**
 * The channels module's left navigation: the member's subscribed channels (50), the recent ones (10) and
 * the popular ones (25), read from GET /channels while that module is shown.
 */
export const useChannelNavSections = (shown: boolean): NavSection[] => {
  const { api } = useSession();
  const visited = useVisitedChannels(useSignedIn().member.id);
  const userbar = useQuery({ queryKey: channelsKeys.userbar(visited), queryFn: () => channelsApi(api).userbar(visited), enabled: shown, placeholderData: keepPreviousData });
  const items = (links: Array<{ slug: string; title: string }> | undefined) =>
    (links ?? []).map((link) => ({ to: `/channels/${encodeURIComponent(link.slug)}`, label: 'channels.nav.channel', text: link.title }));
  return [
    { id: 'channels.directory', title: 'nav.modules.channels', items: [{ to: '/directory/channels', label: 'channels.nav.directory' }] },
    { id: 'channels.subscribed', title: 'nav.sections.subscribed', items: items(userbar.data?.subscribed), empty: 'nav.empty.channels' },
    // nothing visited yet: the server would answer the newest, which this section does not show
    { id: 'channels.recent', title: 'nav.sections.recent', items: visited.length === 0 ? [] : items(userbar.data?.recent), empty: 'nav.empty.channels' },
    { id: 'channels.popular', title: 'nav.sections.popular', items: items(userbar.data?.popular), empty: 'nav.empty.channels' },
  ];
};
