import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { READ_MODEL_CHECKPOINTS_COLLECTION, READ_MODEL_PROJECTORS, REQUEST_PROJECTION_REBUILD, projectionRebuildStream, searchFeatureOfRebuild } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { type DocumentStore, type EventBus, InjectPort } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { projectionRebuildsDecider } from '../projection-rebuilds.decider';

/** POST /api/v1/audit/projections/{collection}/rebuilds: rebuild one read model blue/green */
export class RequestProjectionRebuildCommand extends Command<{ position: number; id: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { collection: string },
  ) {
    super();
  }
}

@CommandHandler(RequestProjectionRebuildCommand)
export class RequestProjectionRebuildHandler implements ICommandHandler<RequestProjectionRebuildCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('bus') private readonly bus: EventBus,
  ) {}

  /**
   * a read model the projection service keeps (one of its projectors has a checkpoint for the collection),
   * or a search feature's indexes (`searchindex_<feature>`)
   */
  private async known(collection: string): Promise<boolean> {
    if (searchFeatureOfRebuild(collection) !== null) return true;
    const ids = READ_MODEL_PROJECTORS.map((projector) => `${projector}/${collection}`);
    return (await this.documentStore.collection(READ_MODEL_CHECKPOINTS_COLLECTION).getMany(ids)).length > 0;
  }

  async execute({ issuer, payload }: RequestProjectionRebuildCommand): Promise<{ position: number; id: string }> {
    const member = await this.lookup.issuer(issuer);
    const id = randomUUID();
    const handled = await this.commands.run(REQUEST_PROJECTION_REBUILD, {
      streamId: projectionRebuildStream(payload.collection),
      decider: projectionRebuildsDecider,
      command: { type: 'RequestProjectionRebuild', rebuild_id: id, collection: payload.collection, requested_by: member._id, known: await this.known(payload.collection), partitioned: (await this.bus.partitions()) > 1 },
      context: issuer,
    });
    return { position: handled.position, id };
  }
}
