/** One function per aggregate builds its stream name; nothing else concatenates stream names. */
export const networkStream = (networkId: string): string => `network-${networkId}`;
export const memberStream = (memberId: string): string => `member-${memberId}`;
/** a member's address and where the geocoder placed it (the map) */
export const memberLocationStream = (memberId: string): string => `memberlocation-${memberId}`;
/** a member's devices and their push settings */
export const memberDevicesStream = (memberId: string): string => `memberdevices-${memberId}`;
/** A member's request that administrators change profile fields. */
export const changeRequestStream = (changeRequestId: string): string => `changerequest-${changeRequestId}`;

export const streamCategory = (streamId: string): string => streamId.slice(0, Math.max(0, streamId.indexOf('-')));
export const calendarStream = (calendarId: string): string => `calendar-${calendarId}`;
/** A recurring series and all its modified occurrences, participants and waiting list share one stream. */
export const appointmentStream = (appointmentId: string): string => `appointment-${appointmentId}`;
export const groupStream = (groupId: string): string => `group-${groupId}`;
export const membershipRoleStream = (roleId: string): string => `membershiprole-${roleId}`;
/** a design (name, colours, logo) of the network or a group */
export const designStream = (designId: string): string => `design-${designId}`;
/** which design is active in a scope (`network`, or a group's id) */
export const designScopeStream = (scopeType: string, scopeId: string): string => `designscope-${scopeType}.${scopeId}`;
/** the administrators' decisions on the network's tags (renames, merges, deletions) */
export const tagsStream = (networkId: string): string => `tags-${networkId}`;
/**
 * Sign-in locks of one subject: a member id when the account is a member's, otherwise the keyed hash
 * of the account or address (never the email or the address itself).
 */
export const signInGuardStream = (subject: string): string => `signinguard-${subject}`;
/** A channel's stream is named by its slug (slugs are unique because streams are). */
export const channelStream = (slug: string): string => `channel-${slug}`;
