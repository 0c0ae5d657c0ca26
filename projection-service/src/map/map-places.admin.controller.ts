import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { mapPlaceAdminDtoSchema, type MapPlaceAdminDto } from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseListQuery, sendList } from '@cn/platform';
import { matchesQuery } from '../groups/groups.read';
import { mapPlacesCollection, toMapPlaceAdminDto } from './map-places.read';

const tags = ['map'];
const SORT: Record<string, string> = { name: 'name', address: 'address', id: 'id' };

/** The points of interest for the administration (placed or not), with the revision an edit sends back. */
@Controller('administration/map_places')
@UseInterceptors(ConsistencyInterceptor)
export class MapPlacesAdminController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: 'The points of interest for react-admin (filter q on name, description and address, id list; sort name, address; Content-Range)',
    tags,
    auth: 'auditor',
    responses: {
      200: { description: 'MapPlaceAdminDto[]', schema: z.array(mapPlaceAdminDtoSchema), headers: contentRangeHeaders },
      400: 'bad sort, range or filter',
      401: 'signed out',
      403: 'neither auditor nor administrator',
    },
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<MapPlaceAdminDto[]> {
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'id'] });
    const q = typeof filter['q'] === 'string' ? filter['q'] : '';
    const ids = Array.isArray(filter['id']) ? new Set(filter['id'].map(String)) : null;
    const [field, direction] = sort ?? ['name', 'ASC'];
    const key = field === 'address' ? 'address' : field === 'id' ? 'id' : 'name';
    const places = (await mapPlacesCollection(this.documentStore).find())
      .map(toMapPlaceAdminDto)
      .filter((place) => (ids === null || ids.has(place.id)) && matchesQuery(q, place.name, place.description, place.address ?? ''))
      .sort((a, b) => (direction === 'DESC' ? -1 : 1) * (a[key] ?? '').localeCompare(b[key] ?? '') || a.id.localeCompare(b.id));
    return sendList(res, 'map_places', places.slice(range[0], range[1] + 1), range, places.length);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A point of interest with where it is placed and the revision an edit sends back',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'MapPlaceAdminDto', schema: mapPlaceAdminDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async one(@Param('id') id: string): Promise<MapPlaceAdminDto> {
    const doc = await mapPlacesCollection(this.documentStore).get(id);
    if (!doc) throw new HttpProblem(404, 'not_found');
    return toMapPlaceAdminDto(doc);
  }
}
