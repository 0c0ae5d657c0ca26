import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { DOCUMENT_ACTION_TYPES, documentActionRights, documentActions, extensionOf, type DocumentAction, type FileCan } from '@cn/contracts';
import { ConsistencyInterceptor, createWopiToken, Ctx, type DocumentStore, Endpoint, InjectPort, parseWith, type PlatformConfig, type RequestContext, wopiActionUrl, wopiDiscoveryFor, wopiSrcOf } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import { fileDetails } from './files.read';

const paramsSchema = z.object({ type: z.enum(DOCUMENT_ACTION_TYPES, { message: 'invalid_value' }) });
const documentActionsResponse = z.object({
  actions: z.array(
    z.object({
      action: z.enum(['view', 'edit', 'review']),
      app: z.string(),
      authorized: z.boolean(),
      url: z.string().optional(),
      access_token: z.string().optional(),
      access_token_ttl: z.number().optional(),
    }),
  ),
});

export interface DocumentActionsDto {
  actions: DocumentAction[];
}

/**
 * The document actions of a file the member sees (§6, §7 `GET /files/{id}/{type}/actions`): each with
 * the app that performs it and whether the member may, folded from the same `can` flags as the file's
 * page, so the console shows an action exactly when its route accepts it.
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class DocumentActionsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  /**
   * The office suite's actions for the file's extension (its discovery): view as `view`, its edit as
   * `edit` where a new version is published at once and as `review` where it is proposed for approval
   * (the suite saves through PutFile, which decides the same way). Each authorized action carries the
   * suite's address and a token for this member and file; none without a suite (WOPI_DISCOVERY_URL).
   */
  private async wopiActions(fileId: string, memberId: string, extension: string, can: Pick<FileCan, 'update' | 'add_version'>): Promise<DocumentAction[]> {
    const wopi = this.config.wopi;
    if (!wopi) return [];
    const offered = await wopiDiscoveryFor(wopi, this.clock).actionsFor(extension);
    const rights = documentActionRights(can);
    const expiresAt = this.clock().getTime() + wopi.accessTokenTtlMs;
    const wopiSrc = wopiSrcOf(this.config.publicUrl, fileId);
    const actions: DocumentAction[] = [];
    for (const action of ['view', 'edit', 'review'] as const) {
      const source = offered.find((candidate) => candidate.name === (action === 'view' ? 'view' : 'edit'));
      if (!source) continue;
      const authorized = rights[action];
      const granted = authorized
        ? {
            url: wopiActionUrl(source.urlsrc, wopiSrc),
            access_token: createWopiToken(this.config.session.secret, { member_id: memberId, file_id: fileId, mode: action === 'view' ? 'view' : 'write', expires_at: expiresAt }),
            access_token_ttl: expiresAt,
          }
        : {};
      actions.push({ action, app: source.app, authorized, ...granted });
    }
    return actions;
  }

  @Get('files/:id/:type/actions')
  @Endpoint({
    summary: 'A file\'s document actions (type wopi or docs): action (view, edit, review), app and authorized; edit and review are a new version published at once or proposed for approval; wopi: the office suite\'s actions for the extension, each authorized one with its url, access_token and access_token_ttl (none without WOPI_DISCOVERY_URL)',
    tags: ['files'],
    auth: 'member',
    responses: {
      200: { description: 'the actions, each with authorized', schema: documentActionsResponse },
      400: 'validation_failed (type: invalid_value)',
      401: 'unauthenticated',
      404: 'not_found (unknown, removed, or a group the member is not in)',
      503: 'service_unavailable (wopi: the suite\'s discovery cannot be read)',
    },
  })
  async actions(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('type') rawType: string): Promise<DocumentActionsDto> {
    const member = await signedInMember(this.documentStore, ctx);
    const { type } = parseWith(paramsSchema, { type: rawType });
    const details = await fileDetails(this.documentStore, id, await viewerOf(this.documentStore, member), this.clock());
    if (type === 'wopi') return { actions: await this.wopiActions(id, member._id, details.file.extension || extensionOf(details.file.name), details.file.can) };
    return { actions: documentActions(type, details.file.can) };
  }
}
