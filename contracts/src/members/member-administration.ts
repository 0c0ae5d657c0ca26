import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';

/** A network administrator locked a member out: every session ends at once, signing in is refused. */
export const MemberLocked = defineEvent('MemberLocked', 1, z.object({ member_id: z.string() }));
export const MemberUnlocked = defineEvent('MemberUnlocked', 1, z.object({ member_id: z.string() }));

export const memberAdministrationEvents = [MemberLocked, MemberUnlocked] as const;
export type MemberAdministrationEvent = EventOf<typeof MemberLocked> | EventOf<typeof MemberUnlocked>;

/** PUT /administration/members/{id}/lock body */
export const lockMemberRequestSchema = z.object({ locked: z.boolean({ message: 'required' }) });

