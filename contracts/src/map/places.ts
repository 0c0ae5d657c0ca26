import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { stripBidiControls } from '../common/text-rules';
import type { MapPlacesResponse } from './map-constants';

/*
 * Points of interest (map scope `poi`, docs/MAP.md): places network administrators put on the map, each on
 * its own stream (`mapPlaceStream`), placed by explicit lat/lng or by an address the geocoding reactor
 * places. The geocoder's answers go to a second stream (`mapPlaceLocationStream`) so that an answer never
 * moves the revision an administrator's form was read at (409 only for another administrator's save).
 */

export const MAP_PLACE_NAME_MAX = 100;
export const MAP_PLACE_DESCRIPTION_MAX = 500;
export const MAP_PLACE_ADDRESS_MAX = 300;
export const MAP_PLACE_LINK_MAX = 500;

export const mapPlaceStream = (placeId: string): string => `mapplace-${placeId}`;
export const mapPlaceLocationStream = (placeId: string): string => `mapplacelocation-${placeId}`;

export const CREATE_MAP_PLACE = 'CreateMapPlace';
export const EDIT_MAP_PLACE = 'EditMapPlace';
export const REMOVE_MAP_PLACE = 'RemoveMapPlace';
export const RECORD_MAP_PLACE_LOCATION = 'RecordMapPlaceLocation';

const coordinates = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type MapCoordinates = z.infer<typeof coordinates>;

/** what a place says of itself (the events and the requests share it) */
const placeFields = z.object({
  place_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** the address the geocoder places (null: the place has explicit coordinates only) */
  address: z.string().nullable(),
  link: z.string().nullable(),
  /** the administrator's own lat/lng; null: the address decides where the place is */
  coordinates: coordinates.nullable(),
});

export const MapPlaceCreated = defineEvent('MapPlaceCreated', 1, placeFields);
export const MapPlaceChanged = defineEvent('MapPlaceChanged', 1, placeFields);
export const MapPlaceRemoved = defineEvent('MapPlaceRemoved', 1, z.object({ place_id: z.string() }));
export const mapPlaceEvents = [MapPlaceCreated, MapPlaceChanged, MapPlaceRemoved] as const;
export type MapPlaceEvent = EventOf<(typeof mapPlaceEvents)[number]>;

/** the geocoder's answer for the place's address text (null: no such place), appended by the geocoding reactor */
export const MapPlaceGeocoded = defineEvent('MapPlaceGeocoded', 1, z.object({ place_id: z.string(), address: z.string(), coordinates: coordinates.nullable() }));
export const mapPlaceLocationEvents = [MapPlaceGeocoded] as const;
export type MapPlaceLocationEvent = EventOf<(typeof mapPlaceLocationEvents)[number]>;

const optionalText = (max: number) =>
  z
    .string({ message: 'invalid_type' })
    .transform(stripBidiControls)
    .pipe(z.string().trim().max(max, { message: 'too_long' }))
    .nullable()
    .optional()
    .transform((text) => (text === null || text === undefined || text === '' ? null : text));

const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const latitude = z.number({ message: 'invalid_type' }).min(-90, { message: 'too_small' }).max(90, { message: 'too_big' }).nullable().optional();
const longitude = z.number({ message: 'invalid_type' }).min(-180, { message: 'too_small' }).max(180, { message: 'too_big' }).nullable().optional();

const placeRequestShape = {
  name: safeText(z.string().trim().min(1, { message: 'required' }).max(MAP_PLACE_NAME_MAX, { message: 'too_long' }), 'invalid_type'),
  /** a few lines: line breaks are kept, other control characters refused */
  description: z
    .string({ message: 'invalid_type' })
    .transform(stripBidiControls)
    .pipe(
      z
        .string()
        .trim()
        .max(MAP_PLACE_DESCRIPTION_MAX, { message: 'too_long' })
        .refine((text) => !/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/.test(text), { message: 'invalid_characters' }),
    )
    .optional()
    .transform((text) => text ?? ''),
  address: optionalText(MAP_PLACE_ADDRESS_MAX).refine((text) => text === null || !/[\u0000-\u001F\u007F-\u009F]/.test(text), { message: 'invalid_characters' }),
  link: optionalText(MAP_PLACE_LINK_MAX).refine((text) => text === null || isHttpUrl(text), { message: 'invalid_format' }),
  lat: latitude,
  lng: longitude,
};

/** both coordinates or neither (the missing one `required`); without coordinates an address is `required` */
const placeRules = <T extends { address: string | null; lat?: number | null; lng?: number | null }>(request: T, ctx: z.RefinementCtx): void => {
  const hasLat = request.lat !== null && request.lat !== undefined;
  const hasLng = request.lng !== null && request.lng !== undefined;
  if (hasLat && !hasLng) ctx.addIssue({ code: 'custom', path: ['lng'], message: 'required' });
  if (hasLng && !hasLat) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'required' });
  if (!hasLat && !hasLng && request.address === null) ctx.addIssue({ code: 'custom', path: ['address'], message: 'required' });
};

/** `POST /administration/map_places`: a place by its address (geocoded by the server) or its own lat/lng. */
export const createMapPlaceRequestSchema = z.object(placeRequestShape).strict().superRefine(placeRules);
export type CreateMapPlaceRequest = z.input<typeof createMapPlaceRequestSchema>;

/** `PUT /administration/map_places/{id}`: the whole place at the `revision` the form was read at (409 when stale). */
export const editMapPlaceRequestSchema = z
  .object({ ...placeRequestShape, revision: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }) })
  .strict()
  .superRefine(placeRules);
export type EditMapPlaceRequest = z.input<typeof editMapPlaceRequestSchema>;

/** the coordinates a request names (both or none, after the schema) */
export const coordinatesOfRequest = (request: { lat?: number | null; lng?: number | null }): MapCoordinates | null =>
  typeof request.lat === 'number' && typeof request.lng === 'number' ? { lat: request.lat, lng: request.lng } : null;

/** A place as the administration reads it. */
export interface MapPlaceAdminDto {
  id: string;
  name: string;
  description: string;
  address: string | null;
  link: string | null;
  /** the administrator's own coordinates (null: the address decides) */
  lat: number | null;
  lng: number | null;
  /** where the place shows on the map: its own coordinates, else the geocoded address; null while not placed */
  located: MapCoordinates | null;
  /** the place stream's revision: what an edit sends back */
  revision: number;
}
export const mapPlaceAdminDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string().nullable(),
  link: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  located: coordinates.nullable(),
  revision: z.number().int(),
}) satisfies z.ZodType<MapPlaceAdminDto>;

/** the places response, as member-ui's types need it (zod-free shapes in map-constants.ts) */
export const mapPlacesResponseSchema = z.object({
  places: z.array(
    z.object({ id: z.string(), kind: z.enum(['place', 'network']), name: z.string(), description: z.string(), link: z.string().nullable(), lat: z.number(), lng: z.number() }),
  ),
}) satisfies z.ZodType<MapPlacesResponse>;
