import { memberImageUrl, type MapMarker } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { memberLocationsProjection, type MemberLocationDocument } from './member-locations.projection';

export const memberLocationsCollection = (store: DocumentStore) => store.collection<MemberLocationDocument>(collectionName(memberLocationsProjection));

/**
 * The markers of the given members (all members with a place when `memberIds` is null): only members
 * the directory shows (not erased), only those the geocoder placed. Sorted by name for a stable answer.
 */
export const mapMarkers = async (store: DocumentStore, memberIds: readonly string[] | null): Promise<MapMarker[]> => {
  const locations = memberIds === null ? await memberLocationsCollection(store).find() : await memberLocationsCollection(store).find({ _id: { $in: [...memberIds] } });
  const placed = locations.filter((location) => location.coordinates !== null);
  const members = await Promise.all(placed.map((location) => membersCollection(store).get(location._id)));
  const markers: MapMarker[] = [];
  placed.forEach((location, i) => {
    const member = members[i];
    if (!member || member.deleted || !location.coordinates) return;
    markers.push({
      id: member._id,
      name: displayNameOf(member),
      path: `/members/${member._id}`,
      image: member.image ? memberImageUrl(member._id, member.image.version, 'small') : null,
      lat: location.coordinates.lat,
      lng: location.coordinates.lng,
    });
  });
  return markers.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
};
