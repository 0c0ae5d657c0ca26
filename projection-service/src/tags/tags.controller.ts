import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { findTags, findTagsQuerySchema, findTagsResponseSchema, isInternalProperty, normalizeTagName, seesInternalTags, tagAdminDtoSchema, tagParentKey, type FindTagsResponse, type TagAdminDto } from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, ParsedQuery, parseListQuery, type RequestContext, sendList } from '@cn/platform';
import { appsCollection, appViewerOf } from '../apps/apps.read';
import { signedInMember } from '../members/members.read';
import { loadTagCatalogue, toTagAdminDto } from './tags.read';

const tags = ['tags'];
const SORT: Record<string, string> = { name: 'name', item_count: 'item_count', updated_at: 'updated_at', id: 'id' };

const compareBy = (field: string) => (a: TagAdminDto, b: TagAdminDto): number => {
  const left = a[field as keyof TagAdminDto];
  const right = b[field as keyof TagAdminDto];
  return typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
};

/** The network's tags, read: the members' tag picker (`/tags/find`) and the administration's list. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class TagsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('tags/find')
  @Endpoint({
    summary: "The network's tags for a tag field: names starting with q first, then names containing it; tag_parents (comma-separated `<app id>/<property id>`) narrows to tags used there; property (`<app id>/<property id>`) is the tag property asking, internal tags are offered only to an internal one; q is offered as a new tag (id '') unless exclude_new or a tag has that name; external members find no internal tag, nothing through an internal tag parent, and no tag used only under internal properties",
    tags,
    auth: 'member',
    query: findTagsQuerySchema,
    responses: { 200: { description: 'FindTagsResponse', schema: findTagsResponseSchema }, 400: 'validation_failed (q, tag_parents, property, exclude_new)', 401: 'signed out' },
  })
  async find(@Ctx() ctx: RequestContext, @ParsedQuery() query: z.output<typeof findTagsQuerySchema>): Promise<FindTagsResponse> {
    const viewer = appViewerOf(await signedInMember(this.store, ctx));
    const internalParents = await this.internalTagParents();
    // internal tags only for those who see them, and only for an internal property (or no property named):
    // a property that is not internal never holds one, so it is never offered one to pick
    const internal = seesInternalTags(viewer) && (query.property === undefined || internalParents.has(query.property.trim()));
    return { tags: findTags(await loadTagCatalogue(this.store), query, seesInternalTags(viewer) ? { internal } : { internal: false, hiddenParents: internalParents }) };
  }

  /** every internal tag property as a tag parent (`<app id>/<property id>`): the tags used only there are hidden from external members */
  private async internalTagParents(): Promise<Set<string>> {
    const apps = await appsCollection(this.store).find({});
    return new Set(apps.flatMap((app) => app.properties.filter(isInternalProperty).map((property) => tagParentKey(app._id, property.id))));
  }

  @Get('administration/tags')
  @Endpoint({
    summary: "The network's tags for react-admin (filter q on names, id list; sort name, item_count, updated_at; Content-Range)",
    tags,
    auth: 'auditor',
    responses: {
      200: { description: 'TagAdminDto[]', schema: z.array(tagAdminDtoSchema), headers: contentRangeHeaders },
      400: 'bad sort, range or filter',
      401: 'signed out',
      403: 'neither auditor nor administrator',
    },
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<TagAdminDto[]> {
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'id'] });
    const q = typeof filter['q'] === 'string' ? normalizeTagName(filter['q']) : '';
    const ids = Array.isArray(filter['id']) ? new Set(filter['id'].map(String)) : null;
    const [field, direction] = sort ?? ['name', 'ASC'];
    const found = Object.values((await loadTagCatalogue(this.store)).tags)
      .map(toTagAdminDto)
      .filter((tag) => (ids === null || ids.has(tag.id)) && (q === '' || tag.name.toLowerCase().includes(q)))
      .sort((a, b) => (direction === 'DESC' ? -1 : 1) * compareBy(field)(a, b) || a.id.localeCompare(b.id));
    return sendList(res, 'tags', found.slice(range[0], range[1] + 1), range, found.length);
  }

  @Get('administration/tags/:id')
  @Endpoint({
    summary: "One of the network's tags",
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'TagAdminDto', schema: tagAdminDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async one(@Param('id') id: string): Promise<TagAdminDto> {
    const tag = (await loadTagCatalogue(this.store)).tags[id];
    if (!tag) throw new HttpProblem(404, 'not_found');
    return toTagAdminDto(tag);
  }
}
