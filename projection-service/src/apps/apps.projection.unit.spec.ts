import fc from 'fast-check';
import type { RecordedEvent } from '@cn/domain';
import { appBoardsProjection, appItemsProjection, placeAfter } from './apps.projection';

let position = 0;
const recorded = (type: string, data: object, revision = 0): RecordedEvent => ({
  id: `e${position + 1}`,
  type,
  data,
  metadata: { memberId: 'ann', occurredAt: '2026-11-23T10:00:00.000Z', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
  streamId: 's',
  revision,
  position: (position += 1),
  recordedAt: '2026-11-23T10:00:00.000Z',
});

describe('the wall order', () => {
  it('places a card after another, first with null, last after an unknown card; every card stays once', () => {
    expect(placeAfter(['a', 'b', 'c'], 'c', 'a')).toEqual(['a', 'c', 'b']);
    expect(placeAfter(['a', 'b', 'c'], 'a', null)).toEqual(['a', 'b', 'c']);
    expect(placeAfter(['a', 'b', 'c'], 'a', 'gone')).toEqual(['b', 'c', 'a']);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 20 }), fc.nat(), fc.nat(), (order, i, j) => {
        const item = order[i % order.length];
        const after = order[j % order.length] === item ? null : order[j % order.length];
        const next = placeAfter(order, item, after);
        expect([...next].sort()).toEqual([...order].sort());
        expect(next.indexOf(item)).toBe(after === null ? 0 : next.indexOf(after) + 1);
      }),
    );
  });
  it('applies moves of two cards in the order of the log', () => {
    const events = [
      recorded('AppItemCreated', { app_id: 'tasks', item_id: 'a', author_id: 'ann', values: {} }),
      recorded('AppItemCreated', { app_id: 'tasks', item_id: 'b', author_id: 'ann', values: {} }),
      recorded('AppItemCreated', { app_id: 'tasks', item_id: 'c', author_id: 'ann', values: {} }),
      recorded('AppItemMoved', { app_id: 'tasks', item_id: 'c', property_id: 'p', value: 'x', insert_after_id: null }),
      recorded('AppItemMoved', { app_id: 'tasks', item_id: 'a', property_id: 'p', value: 'x', insert_after_id: 'c' }),
    ];
    const board = events.reduce<ReturnType<typeof appBoardsProjection.evolve>>((doc, event) => appBoardsProjection.evolve(doc as never, event, 'tasks'), null);
    expect(board).toEqual({ _id: 'tasks', order: ['c', 'a', 'b'] });
  });
  it("keeps an item's values by property id and its stream revision", () => {
    const created = appItemsProjection.evolve(null, recorded('AppItemCreated', { app_id: 'tasks', item_id: 'a', author_id: 'ann', values: { p: ['todo'] } }), 'a');
    const moved = appItemsProjection.evolve({ ...created, _position: 1 } as never, recorded('AppItemMoved', { app_id: 'tasks', item_id: 'a', property_id: 'p', value: null, insert_after_id: null }, 1), 'a');
    expect(moved).toMatchObject({ values: { p: [] }, revision: 1, archived: false });
  });
});
