import { memberStream, widgetBarStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { memberSinceProjection, widgetBarsProjection } from './widgetbars.projection';
import type { MemberDocument } from '../members/members.projection';
import { chosenProfileFields, daysUntilBirthday, visibleProfileFields } from './widgetbars.read';

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

  it("shows a members widget's chosen profile fields as the viewer may see them on the member's page", () => {
    const roles = { network_admin: false, auditor: false, external: false };
    const bea: MemberDocument = { _id: 'bea', _position: 1, first_name: 'Bea', last_name: 'Baker', email: 'bea@example.org', roles, presence: null, deleted: false, administered_category_ids: [], birthday: '1990-12-24', show_age: true };
    const hidden: MemberDocument = { ...bea, _id: 'cid', show_age: false };
    const other = { _id: 'dan', roles };
    const admin = { _id: 'ada', roles: { ...roles, network_admin: true } };
    const today = '2026-12-06';
    const all = chosenProfileFields(['all']);
    expect(all).toEqual(['first_name', 'last_name', 'email', 'birthday', 'age']);
    // another member: names and the age the member shows; never the email nor the birthday
    expect(visibleProfileFields(bea, all, other, today)).toEqual([
      { field: 'first_name', value: 'Bea' },
      { field: 'last_name', value: 'Baker' },
      { field: 'age', value: '35' },
    ]);
    expect(visibleProfileFields(hidden, all, other, today).map((entry) => entry.field)).toEqual(['first_name', 'last_name']);
    // network administrators and the member themself see email and birthday too
    expect(visibleProfileFields(hidden, all, admin, today).map((entry) => entry.field)).toEqual(['first_name', 'last_name', 'email', 'birthday']);
    expect(visibleProfileFields(bea, chosenProfileFields(['birthday', 'email']), { _id: 'bea', roles }, today)).toEqual([
      { field: 'birthday', value: '1990-12-24' },
      { field: 'email', value: 'bea@example.org' },
    ]);
    // unknown names show nothing; an erased member nothing at all
    expect(chosenProfileFields(['shoe_size', 'last_name'])).toEqual(['last_name']);
    expect(visibleProfileFields({ ...bea, deleted: true }, all, admin, today)).toEqual([]);
  });
});
