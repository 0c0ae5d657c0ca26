import { isSameHostLink, NETWORK_STREAM_SLUG, ALL_STREAM_SLUG, type AppNavigationEvent, type AppNavigationItem } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface AppNavigationState {
  /** saves so far: the revision the editor is read at */
  revision: number;
}

export type AppNavigationCommand = {
  type: 'ChangeAppNavigation';
  /** valid by the request schema (five items, 'more' last, one entry point) */
  items: AppNavigationItem[];
  revision: number;
  may_edit: boolean;
  /** the network's host: links on it open in the app's webview */
  host: string;
  /** the group streams' slugs that exist ('network' always does) */
  group_stream_slugs: readonly string[];
  /** the slugs of the network's pages (a page item opens one of them) */
  page_slugs: readonly string[];
};

/** The app navigation's save: only network administrators, at the revision read, streams and pages that exist. */
export const appNavigationDecider: Decider<AppNavigationState, AppNavigationCommand, AppNavigationEvent> = {
  initialState: () => ({ revision: 0 }),
  evolve: (state, event) => (event.type === 'AppNavigationChanged' ? { revision: state.revision + 1 } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeAppNavigation': {
        if (!command.may_edit) throw new DomainError('forbidden', 'forbidden');
        // a save never silently undoes another one made since the editor was read
        if (command.revision !== state.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
        command.items.forEach((item, index) => {
          if (item.type === 'link' && item.options.open_in === 'browser' && isSameHostLink(item.options.url ?? '', command.host)) {
            throw new DomainError('same_host_webview', 'invalid', `items.${index}.options.open_in`);
          }
          if (item.type === 'activitystream') {
            const slug = item.options.activitystream?.slug ?? '';
            // 'all' differs per member: no single stream to open
            if (slug === ALL_STREAM_SLUG) throw new DomainError('not_allowed', 'invalid', `items.${index}.options.activitystream`);
            if (slug !== NETWORK_STREAM_SLUG && !command.group_stream_slugs.includes(slug)) throw new DomainError('not_found', 'invalid', `items.${index}.options.activitystream`);
          }
          if (item.type === 'page' && !command.page_slugs.includes(item.options.page?.slug ?? '')) throw new DomainError('not_found', 'invalid', `items.${index}.options.page`);
        });
        return [{ type: 'AppNavigationChanged', data: { items: command.items } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
