import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { READ_MODEL_CHECKPOINTS_COLLECTION, READ_MODEL_PROJECTORS, REQUEST_PROJECTION_REBUILD, projectionRebuildStream, searchFeatureOfRebuild } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { type DocumentStore, type EventBus, InjectPort } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { projectionRebuildsDecider } from '../projection-rebuilds.decider';

/** a partition's checkpoint names the read models it holds positions for */
const isPositionIn = (positions: unknown, collection: string): boolean =>
  typeof positions === 'object' && positions !== null && typeof (positions as Record<string, unknown>)[collection] === 'number';

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
   * a read model the projection service keeps (one of its projectors has a checkpoint for the collection: its
   * own, or on a bus with several partitions a position in a partition's checkpoint), or a search feature's
   * indexes (`searchindex_<feature>`)
   */
  private async known(collection: string): Promise<boolean> {
    if (searchFeatureOfRebuild(collection) !== null) return true;
    const partitions = await this.bus.partitions();
    const ids = READ_MODEL_PROJECTORS.flatMap((projector) => [
      `${projector}/${collection}`,
      ...(partitions > 1 ? Array.from({ length: partitions }, (_, partition) => `${projector}#${partition}`) : []),
    ]);
    const checkpoints = await this.documentStore.collection(READ_MODEL_CHECKPOINTS_COLLECTION).getMany(ids);
    return checkpoints.some((checkpoint) => checkpoint._id.endsWith(`/${collection}`) || isPositionIn(checkpoint['positions'], collection));
  }

  async execute({ issuer, payload }: RequestProjectionRebuildCommand): Promise<{ position: number; id: string }> {
    const member = await this.lookup.issuer(issuer);
    const id = randomUUID();
    const handled = await this.commands.run(REQUEST_PROJECTION_REBUILD, {
      streamId: projectionRebuildStream(payload.collection),
      decider: projectionRebuildsDecider,
      command: { type: 'RequestProjectionRebuild', rebuild_id: id, collection: payload.collection, requested_by: member._id, known: await this.known(payload.collection) },
      context: issuer,
    });
    return { position: handled.position, id };
  }
}
