import { MAP_MEMBERS_COLLECTION } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { mapApi } from './map-api';

/** Query keys of the map. */
export const mapKeys = {
  all: ['map'] as const,
  markers: (group: string | null) => [...mapKeys.all, 'markers', group ?? ''] as const,
  address: (memberId: string) => [...mapKeys.all, 'address', memberId] as const,
};

export const useMapMarkers = (group: string | null) => {
  const { api } = useSession();
  return useQuery({ queryKey: mapKeys.markers(group), queryFn: () => mapApi(api).markers(group) });
};

export const useMemberAddress = (memberId: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: mapKeys.address(memberId), queryFn: () => mapApi(api).address(memberId) });
};

export const useSetMemberAddress = (memberId: string) => {
  const { api } = useSession();
  return useCommand((address: string | null) => mapApi(api).setAddress(memberId, address), [mapKeys.all]);
};

/**
 * A member placed, moved or taken off the map (pushed to consoles with a map open), a member renamed or
 * erased, a group's members changed: the open maps read their markers again, as the viewer may see them.
 */
export const mapLive: LiveRoute = (message, client) => {
  if (message.collection === MAP_MEMBERS_COLLECTION || message.collection === 'members' || message.collection === 'groups') {
    void client.invalidateQueries({ queryKey: mapKeys.all });
  }
};
