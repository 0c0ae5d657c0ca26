import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';
import { hasControlCharacters } from '../common/text-rules';
import { MEMBER_ADDRESS_MAX, type MapMembersResponse, type MemberAddressResponse } from './map-constants';

/**
 * `PUT /api/v1/members/{id}/address`: a free-text address (street, number, zip, city) that the server
 * geocodes; null or empty removes it, and the member leaves the map.
 */
export const setMemberAddressRequestSchema = z
  .object({
    address: z
      .string()
      .trim()
      .max(MEMBER_ADDRESS_MAX, { message: 'too_long' })
      .refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' })
      .nullable()
      .transform((text) => (text === null || text === '' ? null : text)),
  })
  .strict();
export type SetMemberAddressRequest = z.input<typeof setMemberAddressRequestSchema>;

/**
 * On `memberLocationStream(id)`. `revision` counts the address changes of the member, so that a
 * geocoding answer is recorded only for the address it was asked for (a later change makes it stale).
 * The address and the coordinates are personal data, encrypted with the member's key: erasing the
 * member makes both unreadable.
 */
export const MemberAddressChanged = defineEvent(
  'MemberAddressChanged',
  1,
  z.object({ member_id: z.string(), address: personal(z.string()).nullable(), revision: z.number().int().min(1) }),
);
export const coordinatesSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
/** the geocoder placed the address of `revision` here (appended by the geocoding reactor) */
export const MemberLocationGeocoded = defineEvent(
  'MemberLocationGeocoded',
  1,
  z.object({ member_id: z.string(), revision: z.number().int().min(1), coordinates: personal(coordinatesSchema) }),
);
/** the member is off the map: no address, or the geocoder found none for the address of `revision` */
export const MemberLocationCleared = defineEvent(
  'MemberLocationCleared',
  1,
  z.object({ member_id: z.string(), revision: z.number().int().min(0), reason: z.enum(['no_address', 'not_found']) }),
);

export const memberLocationEvents = [MemberAddressChanged, MemberLocationGeocoded, MemberLocationCleared] as const;
export type MemberLocationEvent = EventOf<(typeof memberLocationEvents)[number]>;

export const mapMembersQuerySchema = z.object({ group: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'too_long' }).optional() });

export const mapMembersResponseSchema = z.object({
  markers: z.array(z.object({ id: z.string(), name: z.string(), path: z.string(), image: z.string().nullable(), lat: z.number(), lng: z.number() })),
}) satisfies z.ZodType<MapMembersResponse>;

export const memberAddressResponseSchema = z.object({
  address: z.string().nullable(),
  located: coordinatesSchema.nullable(),
}) satisfies z.ZodType<MemberAddressResponse>;

export const SET_MEMBER_ADDRESS = 'SetMemberAddress';
export const RECORD_MEMBER_LOCATION = 'RecordMemberLocation';
