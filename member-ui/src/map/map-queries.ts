import { MAP_MEMBERS_COLLECTION, MAP_PLACES_COLLECTION } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { mapApi } from './map-api';

/** Query keys of the map. */
export const mapKeys = {
  all: ['map'] as const,
  markers: (group: string | null) => [...mapKeys.all, 'markers', group ?? ''] as const,
  address: (memberId: string) => [...mapKeys.all, 'address', memberId] as const,
  places: () => [...mapKeys.all, 'places'] as const,
};

/** `enabled: false` while the map's scope is `poi`: no member is shown, none is asked for */
export const useMapMarkers = (group: string | null, enabled = true) => {
  const { api } = useSession();
  return useQuery({ queryKey: mapKeys.markers(group), queryFn: () => mapApi(api).markers(group), enabled });
};

export const useMapPlaces = () => {
  const { api } = useSession();
  return useQuery({ queryKey: mapKeys.places(), queryFn: () => mapApi(api).places() });
};

export const useMemberAddress = (memberId: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: mapKeys.address(memberId), queryFn: () => mapApi(api).address(memberId) });
};

export const useSetMemberAddress = (memberId: string) => {
  const { api } = useSession();
  return useCommand((address: string | null) => mapApi(api).setAddress(memberId, address), [mapKeys.all]);
};

/** the pushes after which an open map reads again (network: its name, address, scope; the places' push rides the same topic) */
const MAP_COLLECTIONS: ReadonlySet<string> = new Set([MAP_MEMBERS_COLLECTION, MAP_PLACES_COLLECTION, 'members', 'groups', 'network']);

/**
 * A member placed, moved or taken off the map (pushed to consoles with a map open), a point of interest
 * put on, changed or removed, a member renamed or erased, a group's members changed, the network's settings
 * changed: the open maps read their markers and places again, as the viewer may see them.
 */
export const mapLive: LiveRoute = (message, client) => {
  if (MAP_COLLECTIONS.has(baseName(message.collection))) {
    void client.invalidateQueries({ queryKey: mapKeys.all });
  }
};
