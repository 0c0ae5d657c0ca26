import { defaultAppNavigation, type AppNavigationEvent, type AppNavigationItem } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { appNavigationDecider, type AppNavigationCommand } from './app-navigation.decider';

const spec = deciderSpecification(appNavigationDecider);
const withItem = (item: Partial<AppNavigationItem>): AppNavigationItem[] => {
  const items = defaultAppNavigation();
  items[1] = { ...items[1], isDefault: false, label: 'Custom', ...item };
  return items;
};
const change = (command: Partial<AppNavigationCommand> = {}): AppNavigationCommand => ({
  type: 'ChangeAppNavigation',
  items: defaultAppNavigation(),
  revision: 0,
  may_edit: true,
  host: 'net.example.org',
  group_stream_slugs: ['choir'],
  page_slugs: ['handbook'],
  ...command,
});
const saved: AppNavigationEvent[] = [{ type: 'AppNavigationChanged', data: { items: defaultAppNavigation() } }];

describe('appNavigationDecider', () => {
  it('records the items at the revision they were read at', () => {
    spec.given([]).when(change()).then([{ type: 'AppNavigationChanged', data: { items: defaultAppNavigation() } }]);
    spec.given(saved).when(change({ revision: 1 })).then([{ type: 'AppNavigationChanged', data: { items: defaultAppNavigation() } }]);
  });

  it('refuses a stale revision with a conflict, and anyone but a network administrator', () => {
    expect(spec.given(saved).when(change()).thenRefused('concurrency_conflict', 'revision').kind).toBe('conflict');
    expect(spec.given([]).when(change({ may_edit: false })).thenRefused('forbidden').kind).toBe('forbidden');
  });

  it('opens only pages that exist', () => {
    const handbook = withItem({ type: 'page', icon: 'description', options: { page: { slug: 'handbook', name: 'Handbook' } } });
    expect(spec.decide([], change({ items: handbook }))).toHaveLength(1);
    const missing = withItem({ type: 'page', icon: 'description', options: { page: { slug: 'gone', name: 'Gone' } } });
    expect(spec.given([]).when(change({ items: missing })).thenRefused('not_found', 'items.1.options.page').kind).toBe('invalid');
  });

  it('keeps links on the network host in the webview', () => {
    const sameHost = withItem({ type: 'link', icon: 'link', options: { url: 'https://NET.example.org/pages/a', open_in: 'browser' } });
    expect(spec.given([]).when(change({ items: sameHost })).thenRefused('same_host_webview', 'items.1.options.open_in').kind).toBe('invalid');
    const webview = withItem({ type: 'link', icon: 'link', options: { url: 'https://net.example.org/pages/a', open_in: 'webview' } });
    expect(spec.decide([], change({ items: webview }))).toHaveLength(1);
    const elsewhere = withItem({ type: 'link', icon: 'link', options: { url: 'https://other.example.org/', open_in: 'browser' } });
    expect(spec.decide([], change({ items: elsewhere }))).toHaveLength(1);
  });

  it("takes streams that exist, never 'all'", () => {
    const stream = (slug: string) => withItem({ type: 'activitystream', icon: 'groups', options: { activitystream: { slug, name: '' } } });
    spec.given([]).when(change({ items: stream('all') })).thenRefused('not_allowed', 'items.1.options.activitystream');
    spec.given([]).when(change({ items: stream('nowhere') })).thenRefused('not_found', 'items.1.options.activitystream');
    expect(spec.decide([], change({ items: stream('choir') }))).toHaveLength(1);
    expect(spec.decide([], change({ items: stream('network') }))).toHaveLength(1);
  });
});
