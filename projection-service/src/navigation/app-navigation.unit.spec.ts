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
