import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  maySeePage,
  memberAbilities,
  PAGE_SLUG_MAX,
  pageDtoSchema,
  pageHistorySchema,
  pagesResponseSchema,
  pageVersionDtoSchema,
  pageVersionParam,
  type PageDto,
  type PageHistory,
  type PagesResponse,
  type PageVersionDto,
} from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseListQuery, parseWith, type RequestContext, sendList } from '@cn/platform';
import { signedInMember } from '../members/members.read';
import { loadNetwork } from '../network/network.read';
import { findPageBySlug, pageHistory, pagesCollection, pageVersion, toPageDto, visiblePages } from './pages.read';

const tags = ['pages'];
const slugParam = z.string().max(PAGE_SLUG_MAX, { message: 'too_long' });
const SORT: Record<string, string> = { title: 'title', slug: 'slug', updated_at: 'updated_at', id: '_id' };

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class PagesController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  private async viewer(ctx: RequestContext) {
    const [member, network] = await Promise.all([signedInMember(this.documentStore, ctx), loadNetwork(this.documentStore)]);
    return { roles: member.roles, settings: network.settings };
  }

  @Get('api/v1/pages')
  @Endpoint({
    summary: 'The pages the signed-in member may see (internal pages not for external members), with whether they may create one',
    tags,
    auth: 'member',
    responses: { 200: { description: 'PagesResponse', schema: pagesResponseSchema }, 401: 'signed out' },
  })
  async list(@Ctx() ctx: RequestContext): Promise<PagesResponse> {
    const { roles, settings } = await this.viewer(ctx);
    const pages = (await visiblePages(this.documentStore, roles)).map((doc) => {
      const { content: _content, ...item } = toPageDto(doc, roles, settings);
      return item;
    });
    return { pages, can: { create: memberAbilities(roles, settings).administrate } };
  }

  @Get('api/v1/pages/:pageSlug')
  @Endpoint({
    summary: 'A page by its slug (/pages/{pageSlug}) with what the viewer may do; 404 for a page the member may not see',
    tags,
    auth: 'member',
    responses: { 200: { description: 'PageDto', schema: pageDtoSchema }, 400: 'validation_failed', 401: 'signed out', 404: 'not_found' },
  })
  async page(@Ctx() ctx: RequestContext, @Param('pageSlug') slug: string): Promise<PageDto> {
    const { roles, settings } = await this.viewer(ctx);
    const doc = await findPageBySlug(this.documentStore, parseWith(slugParam, slug, 'pageSlug'));
    if (!doc || !maySeePage(doc.visibility, roles)) throw new HttpProblem(404, 'not_found');
    return toPageDto(doc, roles, settings);
  }

  @Get('administration/pages')
  @Endpoint({
    summary: 'Pages for react-admin (sort title/slug/updated_at, range; Content-Range)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'PageDto[]', schema: z.array(pageDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  async adminList(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<PageDto[]> {
    const { roles, settings } = await this.viewer(ctx);
    const { range, sort } = parseListQuery(query, { sortFields: SORT, filters: [] });
    const field = sort ? SORT[sort[0]] : 'title';
    const direction = sort?.[1] === 'DESC' ? -1 : 1;
    const collection = pagesCollection(this.documentStore);
    const [docs, total] = await Promise.all([
      collection.find({ deleted: false }, { sort: [[field, direction], ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count({ deleted: false }),
    ]);
    return sendList(res, 'pages', docs.map((doc) => toPageDto(doc, roles, settings)), range, total);
  }

  @Get('administration/pages/:id')
  @Endpoint({
    summary: 'A page with its revision (the edit form)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'PageDto', schema: pageDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async adminPage(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<PageDto> {
    const { roles, settings } = await this.viewer(ctx);
    const doc = await pagesCollection(this.documentStore).get(id);
    if (!doc || doc.deleted) throw new HttpProblem(404, 'not_found');
    return toPageDto(doc, roles, settings);
  }

  @Get('administration/pages/:id/versions')
  @Endpoint({
    summary: "A page's history, newest first: each version's number, who made it, when and what it changed, with the revision a restore is sent at",
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'PageHistory', schema: pageHistorySchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async history(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<PageHistory> {
    const { roles, settings } = await this.viewer(ctx);
    const history = await pageHistory(this.documentStore, id, roles, settings);
    if (!history) throw new HttpProblem(404, 'not_found');
    return history;
  }

  @Get('administration/pages/:id/versions/:version')
  @Endpoint({
    summary: 'One version of a page as it was (title, slug, content, visibility)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'PageVersionDto', schema: pageVersionDtoSchema }, 400: 'validation_failed', 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async version(@Param('id') id: string, @Param('version') version: string): Promise<PageVersionDto> {
    const found = await pageVersion(this.documentStore, id, parseWith(pageVersionParam, version, 'version'));
    if (!found) throw new HttpProblem(404, 'not_found');
    return found;
  }
}
