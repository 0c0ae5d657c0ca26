import type { NotificationsEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { notificationsDecider, type NotificationsCommand } from './notifications.decider';

const spec = deciderSpecification(notificationsDecider);
const read = (upTo: number): NotificationsCommand => ({ type: 'MarkNotificationsRead', member_id: 'm1', up_to: upTo });
const recorded = (upTo: number): NotificationsEvent => ({ type: 'NotificationsRead', data: { member_id: 'm1', up_to: upTo } });

describe('notificationsDecider', () => {
  it('records how far the member has read', () => {
    spec.given([]).when(read(12)).then([recorded(12)]);
  });

  it('only moves forward: a console that was behind changes nothing', () => {
    spec.given([recorded(12)]).when(read(7)).then([]);
    spec.given([recorded(12)]).when(read(12)).then([]);
    expect(spec.state([recorded(12), recorded(20)])).toEqual({ up_to: 20 });
  });
});
