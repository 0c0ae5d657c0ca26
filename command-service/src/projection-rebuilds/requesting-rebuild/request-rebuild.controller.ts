import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, readModelCollectionSchema, REQUEST_PROJECTION_REBUILD, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, HttpProblem, Issuer } from '@cn/platform';
import { RequestProjectionRebuildCommand } from './request-rebuild.command';

/** the read model's collection from the path (`appointments_v3`) */
const collectionOf = (raw: string): string => {
  const parsed = readModelCollectionSchema.safeParse(raw);
  if (!parsed.success) throw new HttpProblem(400, 'validation_failed', [{ field: 'collection', key: parsed.error.issues[0]?.message ?? 'invalid_format' }]);
  return parsed.data;
};

@Controller('api/v1/audit/projections')
export class RequestProjectionRebuildController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':collection/rebuilds')
  @HttpCode(201)
  @Endpoint({
    summary: 'Rebuild one read model (or a search feature\'s indexes, `searchindex_<feature>`) from the history into a new version while the old one serves, then switch (blue/green; network administrators)',
    tags: ['audit'],
    auth: 'admin',
    command: REQUEST_PROJECTION_REBUILD,
    responses: {
      201: commandAnswer('requested, { id, position }: the rebuild id; its progress is in GET /api/v1/audit/projections/rebuilds', createdAcceptedSchema),
      400: 'validation_failed (collection: invalid_format)',
      401: 'unauthenticated',
      403: 'forbidden (auditors read, only network administrators rebuild)',
      404: 'not_found (no read model of that collection; `searchindex_<feature>` names a search feature\'s indexes)',
      409: 'rebuild_running (the read model or search index is being rebuilt)',
    },
  })
  async request(@Issuer() issuer: CommandContext, @Param('collection') collection: string, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new RequestProjectionRebuildCommand(issuer, { collection: collectionOf(collection) }));
    return { id, ...commandAccepted(res, position) };
  }
}
