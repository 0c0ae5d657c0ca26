import {
  STATUS_TEXT_MAX,
  normalizeStatusText,
  type CurrentMemberCan,
  type MemberDto,
  type NetworkResponse,
  type PresenceType,
} from '@cn/contracts';

type ShowOnlineStatus = NetworkResponse['network']['show_online_status'];

/** chat-channels-files-fields-legal.md §4: the whole status UI is hidden when the network disables it. */
export const isStatusUiVisible = (showOnlineStatus: ShowOnlineStatus, can: Pick<CurrentMemberCan, 'set_status'>): boolean =>
  showOnlineStatus !== 'disabled' && can.set_status;

/** Invisible is offered only when online status is optional in the network. */
export const presenceOptions = (
  showOnlineStatus: ShowOnlineStatus,
  can: Pick<CurrentMemberCan, 'set_invisible'>,
): PresenceType[] => {
  if (showOnlineStatus === 'disabled') return [];
  return showOnlineStatus === 'optional' && can.set_invisible ? ['online', 'busy', 'invisible'] : ['online', 'busy'];
};

export interface DefaultStatusTexts {
  online: string;
  busy: string;
}

/**
 * Choosing busy pre-fills the busy default when the text is empty or still the online default;
 * choosing online does the same the other way round. A text of the member's own stays.
 */
export const textAfterChoosing = (type: PresenceType, text: string, defaults: DefaultStatusTexts): string => {
  const untouched = text.trim() === '';
  if (type === 'busy' && (untouched || text === defaults.online)) return defaults.busy;
  if (type === 'online' && (untouched || text === defaults.busy)) return defaults.online;
  return text;
};

/** What the textarea keeps: line breaks become spaces, at most STATUS_TEXT_MAX characters. */
export const cleanStatusText = (text: string): string => normalizeStatusText(text).slice(0, STATUS_TEXT_MAX);

/** Invisible goes out at once and closes the form; the other types wait for save. */
export const sendsImmediately = (type: PresenceType): boolean => type === 'invisible';

/** The member with a pushed status; an absent status means offline (or hidden from this viewer). */
export const withStatus = (member: MemberDto, status: MemberDto['status']): MemberDto => {
  const { status: _previous, ...rest } = member;
  return status ? { ...rest, status } : rest;
};
