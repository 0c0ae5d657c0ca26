import { memberStream, widgetBarStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { memberSinceProjection, widgetBarsProjection } from './widgetbars.projection';
import { daysUntilBirthday } from './widgetbars.read';

const on = { streamId: widgetBarStream('network', 'dashboard'), memberId: 'ada' };
const text = { type: 'text', properties: { content: 'Hi', renderer: 'markdown' } };
const saves = [
  recorded('WidgetBarSaved', { scope: 'network', slug: 'dashboard', widgets: [text] }, on),
  recorded('WidgetBarSaved', { scope: 'network', slug: 'dashboard', widgets: [{ type: 'speed_dial', properties: { count: 15 } }, text] }, on),
];

describe('widget bars projection', () => {
  it('keeps the last saved widgets of each bar and counts its revisions', () => {
    expect(project(widgetBarsProjection, saves, 'network:dashboard')).toMatchObject({ scope: 'network', slug: 'dashboard', revision: 2, widgets: [{ type: 'speed_dial' }, text] });
    expect(project(widgetBarsProjection, saves, 'g1:dashboard')).toBeNull();
  });

  it('changes nothing when events are applied twice', () => {
    const once = project(widgetBarsProjection, saves, 'network:dashboard');
    expect(projectEachTwice(widgetBarsProjection, saves, 'network:dashboard')).toEqual(once);
  });

  it('remembers when a member registered until they are erased', () => {
    const member = { streamId: memberStream('max'), memberId: null };
    const registered = recorded('MemberRegistered', { member_id: 'max' }, member);
    expect(project(memberSinceProjection, [registered], 'max')).toMatchObject({ registered_at: registered.metadata.occurredAt });
    expect(project(memberSinceProjection, [registered, recorded('MemberErased', { member_id: 'max' }, member)], 'max')).toBeNull();
  });

  it('counts the days to the next birthday, today included', () => {
    expect(daysUntilBirthday('1990-12-06', '2026-12-06')).toBe(0);
    expect(daysUntilBirthday('1990-12-24', '2026-12-06')).toBe(18);
    expect(daysUntilBirthday('1990-01-01', '2026-12-06')).toBe(26);
  });
});
