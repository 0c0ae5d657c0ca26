import { appNavigationStream, defaultAppNavigation, type AppNavigationItem } from '@cn/contracts';
import { recorded } from '../__tests__/events';
import type { RecordedEvent } from '@cn/domain';
import { appNavigationsProjection, type AppNavigationDocument } from './app-navigation.projection';
import { memberAppNavigation } from './app-navigation.read';

const streamItem: AppNavigationItem = { id: 's', type: 'activitystream', label: '', icon: 'groups', isEntryPoint: true, isDefault: false, options: { activitystream: { slug: 'choir', name: 'Choir' } } };
const withStreamFirst = (): AppNavigationItem[] => {
  const items = defaultAppNavigation().map((item) => ({ ...item, isEntryPoint: false }));
  items[0] = streamItem;
  return items;
};

describe('app navigation read model', () => {
  it('keeps the saved items with a revision per save, and a replayed event changes nothing', () => {
    const first = recorded('AppNavigationChanged', { items: defaultAppNavigation() }, { streamId: appNavigationStream() });
    const second = recorded('AppNavigationChanged', { items: withStreamFirst() }, { streamId: appNavigationStream() });
    const apply = (doc: AppNavigationDocument | null, event: RecordedEvent): AppNavigationDocument => {
      const next = appNavigationsProjection.evolve(doc, event, 'network');
      if (next === null) throw new Error('deleted');
      return { ...(next as AppNavigationDocument), _position: event.position };
    };
    const afterFirst = apply(null, first);
    const afterSecond = apply(afterFirst, second);
    expect(afterSecond).toMatchObject({ revision: 2, items: withStreamFirst() });
    expect(appNavigationsProjection.evolve(afterSecond, second, 'network')).toBe(afterSecond);
    expect(appNavigationsProjection.documentIds(first)).toEqual(['network']);
  });
});

describe('memberAppNavigation', () => {
  it('titles default items in the network language and a stream by its name', () => {
    const { items } = memberAppNavigation(withStreamFirst(), { streams: new Map([['choir', 'Chor']]), language: 'de' });
    expect(items.map((item) => item.title)).toEqual(['Chor', 'Nachrichten', 'Termine', 'Dateien', 'Mehr']);
    expect(items[0].isEntryPoint).toBe(true);
  });

  it('titles a page item without a label by the page, and leaves out a page the member may not see', () => {
    const items = defaultAppNavigation();
    items[1] = { id: 'p', type: 'page', label: '', icon: 'description', isEntryPoint: false, isDefault: false, options: { page: { slug: 'rules', name: 'Old name' } } };
    expect(memberAppNavigation(items, { streams: new Map(), pages: new Map([['rules', 'House rules']]), language: 'en' }).items[1]).toMatchObject({ id: 'p', title: 'House rules' });
    expect(memberAppNavigation(items, { streams: new Map(), pages: new Map(), language: 'en' }).items.map((item) => item.id)).not.toContain('p');
  });

  it('leaves out a stream the member may not see, and the first eligible item opens the app instead', () => {
    const { items } = memberAppNavigation(withStreamFirst(), { streams: new Map(), language: 'en' });
    expect(items.map((item) => [item.title, item.isEntryPoint])).toEqual([
      ['Messages', true],
      ['Appointments', false],
      ['Files', false],
      ['More', false],
    ]);
  });
});
