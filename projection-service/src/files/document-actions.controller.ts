import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { DOCUMENT_ACTION_TYPES, documentActions, type DocumentAction } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import { fileDetails } from './files.read';

const paramsSchema = z.object({ type: z.enum(DOCUMENT_ACTION_TYPES, { message: 'invalid_value' }) });
const documentActionsResponse = z.object({
  actions: z.array(z.object({ action: z.enum(['view', 'edit', 'review']), app: z.string(), authorized: z.boolean() })),
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
  ) {}

  @Get('files/:id/:type/actions')
  @Endpoint({
    summary: 'A file\'s document actions (type wopi or docs): action (view, edit, review), app and authorized; edit and review are a new version published at once or proposed for approval',
    tags: ['files'],
    auth: 'member',
    responses: {
      200: { description: 'the actions, each with authorized', schema: documentActionsResponse },
      400: 'validation_failed (type: invalid_value)',
      401: 'unauthenticated',
      404: 'not_found (unknown, removed, or a group the member is not in)',
    },
  })
  async actions(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('type') rawType: string): Promise<DocumentActionsDto> {
    const member = await signedInMember(this.documentStore, ctx);
    const { type } = parseWith(paramsSchema, { type: rawType });
    const details = await fileDetails(this.documentStore, id, await viewerOf(this.documentStore, member), this.clock());
    return { actions: documentActions(type, details.file.can) };
  }
}
