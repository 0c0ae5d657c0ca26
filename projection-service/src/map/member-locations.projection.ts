import { MemberAddressChanged, MemberErased, MemberLocationCleared, MemberLocationGeocoded } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * One document per member who gave an address: the address (for the member's own form) and where the
 * geocoder placed it, replayed from the log's MemberLocationGeocoded (never asked again). Personal fields
 * arrive revealed; once the member is erased they arrive as fallbacks and the document is removed.
 */
export interface MemberLocationDocument extends ProjectedDocument {
  address: string | null;
  revision: number;
  coordinates: { lat: number; lng: number } | null;
}

const coordinatesOf = (value: unknown): { lat: number; lng: number } | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
};

export const memberLocationsProjection: Projection<MemberLocationDocument> = {
  name: 'member_locations',
  version: 1,
  eventTypes: [MemberAddressChanged.type, MemberLocationGeocoded.type, MemberLocationCleared.type, MemberErased.type],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, event, id) => {
    const current: Omit<MemberLocationDocument, '_position'> = doc ?? { _id: id, address: null, revision: 0, coordinates: null };
    const data = event.data as { address?: unknown; revision?: number; coordinates?: unknown };
    switch (event.type) {
      case MemberAddressChanged.type: {
        const address = typeof data.address === 'string' && data.address !== '' ? data.address : null;
        // a new address: the old place stays shown until the geocoder answers for the new one
        return { ...current, address, revision: data.revision ?? current.revision };
      }
      case MemberLocationGeocoded.type:
        return data.revision === current.revision ? { ...current, coordinates: coordinatesOf(data.coordinates) } : current;
      case MemberLocationCleared.type:
        return data.revision === current.revision ? { ...current, coordinates: null } : current;
      case MemberErased.type:
        return null;
      default:
        return doc;
    }
  },
};
