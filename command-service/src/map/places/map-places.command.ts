import { Injectable } from '@nestjs/common';
import { mapPlaceStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { mapPlaceDecider, type MapPlaceCommand } from './map-places.decider';

/** What the places' slices share: the place's stream decided and appended. */
@Injectable()
export class MapPlaces {
  constructor(private readonly commands: CommandRunner) {}

  /** `revision`: the one the form was read at (a stale one is 409 concurrency_conflict) */
  run(name: string, issuer: CommandContext, command: MapPlaceCommand, revision?: number): Promise<{ position: number }> {
    return this.commands.run(name, {
      streamId: mapPlaceStream(command.place_id),
      decider: mapPlaceDecider,
      command,
      context: issuer,
      ...(revision === undefined ? {} : { expectedRevision: revision }),
    });
  }
}
