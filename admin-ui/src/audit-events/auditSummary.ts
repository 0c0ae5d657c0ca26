import type { AuditEventDto } from '@cn/contracts';

/** react-admin's translate: polyglot options, `_` the text when the key is missing. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a row needs of an event: who did it, its type and its data. */
export type SummarisedEvent = Pick<AuditEventDto, 'type' | 'data' | 'who'>;

/** `NetworkBasicSettingsChanged` → `Network basic settings changed`: an unknown type still reads as words. */
export const readableTypeName = (type: string): string => {
  const words = type
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return type;
  return words.map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word.toLowerCase())).join(' ');
};

/** The type's name in the console's language (`cn.audit.types.<Type>`), or its words when it has none. */
export const eventTypeName = (type: string, translate: Translate): string =>
  translate(`cn.audit.types.${type}`, { _: readableTypeName(type) });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const textAt = (data: unknown, ...path: string[]): string | null => {
  let current: unknown = data;
  for (const key of path) {
    if (!isRecord(current)) return null;
    current = current[key];
  }
  return typeof current === 'string' && current.trim() !== '' ? current : null;
};
const arrayAt = (data: unknown, key: string): unknown[] => (isRecord(data) && Array.isArray(data[key]) ? data[key] : []);

/**
 * Settings fields that hold a group of values are named by the section the settings page shows them
 * under; the others by their own label (resources.settings.fields.<tab>.<field>).
 */
const SETTINGS_GROUP_LABELS: Record<string, string> = {
  group_promotion_config: 'cn.settings.sections.group_promotion',
  network_location: 'cn.settings.sections.map',
  email_recommendations: 'cn.settings.sections.recommendations',
  digest_sending_days: 'cn.settings.sections.digest_days',
  digests: 'cn.settings.sections.digests',
  daily_activity: 'cn.settings.sections.daily_activity',
  birthday_emails: 'cn.settings.sections.birthday_emails',
};

const settingsFieldsOf = (data: unknown, tab: string, translate: Translate): string =>
  arrayAt(data, 'changed_fields')
    .filter((field): field is string => typeof field === 'string')
    .map((field) => {
      const group = SETTINGS_GROUP_LABELS[field];
      return group === undefined
        ? translate(`resources.settings.fields.${tab}.${field}`, { _: readableTypeName(field) })
        : translate(group);
    })
    .join(', ');

const SETTINGS_TABS: Record<string, string> = {
  NetworkBasicSettingsChanged: 'basic',
  NetworkJoinSettingsChanged: 'join',
  NetworkMemberSettingsChanged: 'member',
  NetworkMailSettingsChanged: 'mail',
};

/** The message key under `cn.audit.summary` and the values it takes beside `who` and `type`. */
interface Summary {
  key: string;
  values?: Record<string, string | number>;
}

/** "<who>: <type name>": for a type without a sentence, or when the data lacks what the sentence names. */
const GENERIC: Summary = { key: 'generic' };

/** The sentence when the data names its object, else the generic line rather than a sentence with a hole. */
const naming = (key: string, name: string | null): Summary => (name === null ? GENERIC : { key, values: { name } });

const PARTICIPANT_STATUSES = new Set(['accepted', 'declined', 'rejected', 'invited']);

/** One case per event type that has more to say than its name; each names what the event touched. */
const summaryOf = (event: SummarisedEvent, translate: Translate): Summary | null => {
  const { type, data } = event;
  const self = event.who.id !== null && event.who.id === textAt(data, 'member_id');
  const tab = SETTINGS_TABS[type];
  if (tab !== undefined) {
    const fields = arrayAt(data, 'changed_fields');
    const name = textAt(data, 'basic', 'name');
    if (tab === 'basic' && fields.length === 1 && fields[0] === 'name' && name !== null) {
      return { key: 'network_renamed', values: { name } };
    }
    const names = settingsFieldsOf(data, tab, translate);
    return names === '' ? GENERIC : { key: type, values: { fields: names } };
  }
  switch (type) {
    case 'MemberRegistered': {
      const name = [textAt(data, 'first_name'), textAt(data, 'last_name')].filter((part) => part !== null).join(' ');
      return naming(type, name === '' ? textAt(data, 'email') : name);
    }
    case 'MemberPasswordChanged': {
      const reason = textAt(data, 'reason');
      return { key: reason === 'set_by_admin' ? 'MemberPasswordChanged_by_admin' : reason === 'reset' ? 'MemberPasswordChanged_reset' : type };
    }
    case 'MemberJoinedGroup':
    case 'MemberLeftGroup':
      return { key: self ? `${type}_self` : type };
    case 'CalendarCreated':
    case 'CalendarUpdated':
    case 'MeetingRoomCreated':
    case 'GroupCreated':
    case 'MembershipRoleCreated':
    case 'MembershipRoleEdited':
      return naming(type, textAt(data, 'name'));
    case 'AppointmentCreated':
    case 'AppointmentUpdated':
      return naming(type, textAt(data, 'appointment', 'name'));
    case 'CalendarShared':
    case 'CalendarShareRemoved':
      return { key: type, values: { smart_count: arrayAt(data, 'member_ids').length } };
    case 'ParticipantsInvited':
      return { key: type, values: { smart_count: arrayAt(data, 'participants').length } };
    case 'ParticipantStatusChanged': {
      const status = textAt(data, 'status');
      if (status === null || !PARTICIPANT_STATUSES.has(status)) return GENERIC;
      return { key: type, values: { status: translate(`cn.audit.participant_status.${status}`) } };
    }
    case 'ParticipationLockToggled':
      return { key: isRecord(data) && data.participation_locked === true ? 'ParticipationLockToggled_locked' : 'ParticipationLockToggled_unlocked' };
    case 'AttendeesContacted': {
      const subject = textAt(data, 'subject');
      return subject === null ? GENERIC : { key: type, values: { subject } };
    }
    case 'AppointmentCategoriesChanged': {
      const labels = arrayAt(data, 'custom_categories')
        .map((category) => textAt(category, 'label'))
        .filter((label): label is string => label !== null);
      return labels.length === 0 ? { key: 'AppointmentCategoriesChanged_none' } : { key: type, values: { categories: labels.join(', ') } };
    }
    default:
      return null;
  }
};

/**
 * One line a person can read: who did what to what ("Ada Admin changed the network name to
 * 'Example'"). A type without its own sentence reads as "<who>: <type name>".
 */
export const auditSummary = (event: SummarisedEvent, translate: Translate): string => {
  const names = { who: event.who.name, type: eventTypeName(event.type, translate) };
  const generic = translate(`cn.audit.summary.${GENERIC.key}`, names);
  const summary = summaryOf(event, translate) ?? { key: event.type };
  return translate(`cn.audit.summary.${summary.key}`, { ...names, ...summary.values, _: generic });
};
