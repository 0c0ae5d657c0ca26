import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import {
  mapMembersQuerySchema,
  mapMembersResponseSchema,
  mapPlacesResponseSchema,
  memberAddressResponseSchema,
  memberProfileAbilities,
  type MapMembersResponse,
  type MapPlacesResponse,
  type MemberAddressResponse,
} from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { memberSeesGroup } from '../groups/group-views';
import { findGroupBySlug } from '../groups/groups.read';
import { loadNetwork } from '../network/network.read';
import { membersCollection, signedInMember } from '../members/members.read';
import { mapMarkers, memberLocationsCollection } from './map.read';
import { mapPlaces } from './map-places.read';

const tags = ['map'];

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class MapController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  /**
   * The network's map (every member the directory shows who has a place) or, with `group`, a group's
   * members' map: only for those who see the group (a hidden group is 404 to non-members, as its
   * members page). 404 while the network does not show the map; no markers (an empty list) while its
   * scope is `poi`: a network that shows places only publishes no member's place.
   */
  @Get('api/v1/map/members')
  @Endpoint({
    summary: "Map markers: the members with a geocoded address the viewer may see (the network's, or a group's with ?group=slug)",
    tags,
    query: mapMembersQuerySchema,
    responses: {
      200: { description: 'MapMembersResponse (no markers while the map scope is poi)', schema: mapMembersResponseSchema },
      400: 'group too long',
      401: 'signed out',
      404: 'map off, unknown group, or hidden from the member',
    },
    auth: 'member',
  })
  async members(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<MapMembersResponse> {
    const viewer = await signedInMember(this.documentStore, ctx);
    const query = parseWith(mapMembersQuerySchema, raw);
    const { settings } = await loadNetwork(this.documentStore);
    if (!settings.member.show_map) throw new HttpProblem(404, 'not_found');
    if (settings.member.map_scope_selection === 'poi') {
      // the group is still checked: a hidden group's existence is not told by a different answer
      if (query.group !== undefined) {
        const group = await findGroupBySlug(this.documentStore, query.group);
        if (!group || !memberSeesGroup(group, viewer)) throw new HttpProblem(404, 'not_found');
      }
      return { markers: [] };
    }
    if (query.group === undefined) return { markers: await mapMarkers(this.documentStore, null) };
    const group = await findGroupBySlug(this.documentStore, query.group);
    if (!group || !memberSeesGroup(group, viewer)) throw new HttpProblem(404, 'not_found');
    return { markers: await mapMarkers(this.documentStore, group.member_ids) };
  }

  /** The points of interest (the network's own location first) for every member who sees the map, whatever its scope. */
  @Get('api/v1/map/places')
  @Endpoint({
    summary: "The map's points of interest: the network's own location and the places administrators put on the map",
    tags,
    responses: { 200: { description: 'MapPlacesResponse', schema: mapPlacesResponseSchema }, 401: 'signed out', 404: 'map off' },
    auth: 'member',
  })
  async places(@Ctx() ctx: RequestContext): Promise<MapPlacesResponse> {
    await signedInMember(this.documentStore, ctx);
    const network = await loadNetwork(this.documentStore);
    if (!network.settings.member.show_map) throw new HttpProblem(404, 'not_found');
    return { places: await mapPlaces(this.documentStore, network) };
  }

  /** A member's address as they gave it, for their own form: the member and network administrators only. */
  @Get('api/v1/members/:id/address')
  @Endpoint({
    summary: "A member's address for the map and where it was placed (the member themself or a network administrator)",
    tags,
    responses: { 200: { description: 'MemberAddressResponse', schema: memberAddressResponseSchema }, 401: 'signed out', 404: 'unknown member, or not the viewer’s to read' },
    auth: 'member',
  })
  async address(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<MemberAddressResponse> {
    const viewer = await signedInMember(this.documentStore, ctx);
    const subject = await membersCollection(this.documentStore).get(id);
    // the same rule the command side enforces on PUT (update_profile); others learn nothing, not even that it exists
    if (!subject || !memberProfileAbilities({ id: viewer._id, roles: viewer.roles }, { id: subject._id, deleted: subject.deleted }).update_profile) {
      throw new HttpProblem(404, 'not_found');
    }
    const location = await memberLocationsCollection(this.documentStore).get(id);
    return { address: location?.address ?? null, located: location?.coordinates ?? null };
  }
}
