import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { REMOVE_MAP_PLACE } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MapPlaces } from '../map-places.command';

export class RemoveMapPlaceCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { place_id: string },
  ) {
    super();
  }
}

/** Takes a place off the map (removing is never undone by a stale form: no revision). */
@CommandHandler(RemoveMapPlaceCommand)
export class RemoveMapPlaceHandler implements ICommandHandler<RemoveMapPlaceCommand> {
  constructor(private readonly places: MapPlaces) {}

  execute({ issuer, payload }: RemoveMapPlaceCommand): Promise<{ position: number }> {
    return this.places.run(REMOVE_MAP_PLACE, issuer, { type: 'RemoveMapPlace', place_id: payload.place_id });
  }
}
