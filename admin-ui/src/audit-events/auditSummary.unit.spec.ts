import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { eventRegistry, type AuditEventDto } from '@cn/contracts';
import { germanAppMessages } from '../i18n/de';
import { englishAppMessages } from '../i18n/en';
import { englishMessagesAll } from '../i18n/english';
import { spanishAppMessages } from '../i18n/es';
import { frenchAppMessages } from '../i18n/fr';
import { germanMessagesAll } from '../i18n/german';
import { auditSummary, eventTypeName, readableTypeName, type SummarisedEvent, type Translate } from './auditSummary';

const translatorFor = (locale: string, messages: TranslationMessages): Translate =>
  polyglotI18nProvider(() => messages, locale, [], { allowMissing: true }).translate;
const german = translatorFor('de', germanMessagesAll);
const english = translatorFor('en', englishMessagesAll);

const ada = { id: 'm-ada', name: 'Ada Admin' };
const event = (type: string, data: unknown, who: AuditEventDto['who'] = ada): SummarisedEvent => ({ type, data, who });

describe('the audit summary', () => {
  it('says who renamed the network and to what', () => {
    const renamed = event('NetworkBasicSettingsChanged', { network_id: 'default', basic: { name: 'Example' }, changed_fields: ['name'] });
    expect(auditSummary(renamed, english)).toBe("Ada Admin changed the network name to 'Example'");
    expect(auditSummary(renamed, german)).toBe('Ada Admin hat den Netzwerknamen in „Example“ geändert');
  });

  it('names the changed settings by their labels, groups of settings by their section', () => {
    const changed = event('NetworkJoinSettingsChanged', { join: {}, changed_fields: ['join_moderated', 'group_promotion_config'] });
    expect(auditSummary(changed, english)).toBe('Ada Admin changed the join settings: Joining is moderated, Group promotion');
  });

  it('names the new member, the created group and the appointment', () => {
    expect(auditSummary(event('MemberRegistered', { member_id: 'm-bo', first_name: 'Bo', last_name: 'Berg' }), english)).toBe(
      'Ada Admin registered the member Bo Berg',
    );
    expect(auditSummary(event('GroupCreated', { group_id: 'g1', name: 'Choir' }), german)).toBe('Ada Admin hat die Gruppe „Choir“ erstellt');
    expect(auditSummary(event('AppointmentCreated', { appointment_id: 'a1', appointment: { name: 'Summer party' } }), english)).toBe(
      "Ada Admin created the appointment 'Summer party'",
    );
  });

  it('tells a password set by an administrator from one the member changed', () => {
    expect(auditSummary(event('MemberPasswordChanged', { member_id: 'm-bo', reason: 'set_by_admin' }), english)).toBe(
      "Ada Admin set a member's password",
    );
    expect(auditSummary(event('MemberPasswordChanged', { member_id: 'm-ada', reason: 'changed' }), english)).toBe(
      'Ada Admin changed their password',
    );
  });

  it('counts invited participants in the plural the language needs, and translates a participation status', () => {
    const invited = (count: number) =>
      event('ParticipantsInvited', { appointment_id: 'a1', participants: Array.from({ length: count }, (_, i) => ({ member_id: `m${i}`, status: 'invited' })) });
    expect(auditSummary(invited(1), english)).toBe('Ada Admin invited 1 participant to an appointment');
    expect(auditSummary(invited(3), german)).toBe('Ada Admin hat 3 Personen zu einem Termin eingeladen');
    expect(auditSummary(event('ParticipantStatusChanged', { member_id: 'm-ada', status: 'declined' }), german)).toBe(
      'Ada Admin hat eine Teilnahme auf „abgesagt“ gesetzt',
    );
  });

  it('tells joining a group oneself from being added', () => {
    expect(auditSummary(event('MemberJoinedGroup', { group_id: 'g1', member_id: 'm-ada' }), english)).toBe('Ada Admin joined a group');
    expect(auditSummary(event('MemberJoinedGroup', { group_id: 'g1', member_id: 'm-bo' }), english)).toBe('Ada Admin added a member to a group');
  });

  it('reads an unknown event type as words after who did it, never as a message key', () => {
    const unknown = event('NetworkLogoUploaded', { logo: 'x.png' });
    expect(auditSummary(unknown, english)).toBe('Ada Admin: Network logo uploaded');
    expect(auditSummary(unknown, german)).toBe('Ada Admin: Network logo uploaded');
  });

  it('survives data that is not what the type promises (an erased member, an older version)', () => {
    expect(auditSummary(event('MemberRegistered', null), english)).toBe('Ada Admin: Member registered');
    expect(auditSummary(event('NetworkBasicSettingsChanged', 'garbage'), german)).toBe('Ada Admin: Grundeinstellungen geändert');
    expect(auditSummary(event('CalendarCreated', { calendar_id: 'c1' }), english)).toBe('Ada Admin: Calendar created');
  });
});

describe('the event type names', () => {
  it('are translated', () => {
    expect(eventTypeName('MemberErased', german)).toBe('Mitglied gelöscht');
    expect(eventTypeName('MemberErased', english)).toBe('Member erased');
    expect(eventTypeName('NetworkBasicSettingsChanged', german)).toBe('Grundeinstellungen geändert');
  });

  it('fall back to the type written as words', () => {
    expect(eventTypeName('InviteRenewedByAdmin', german)).toBe('Invite renewed by admin');
    expect(readableTypeName('SMSCodeSent')).toBe('SMS code sent');
    expect(readableTypeName('member_locked')).toBe('Member locked');
  });

  it.each([
    ['de', germanAppMessages],
    ['en', englishAppMessages],
    ['es', spanishAppMessages],
    ['fr', frenchAppMessages],
  ])('every event type the platform records has a name in %s', (_language, messages) => {
    const names: Record<string, string> = messages.cn.audit.types;
    expect([...eventRegistry.keys()].filter((type) => typeof names[type] !== 'string')).toEqual([]);
  });
});
