import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { EDIT_MAP_PLACE, coordinatesOfRequest, type editMapPlaceRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MapPlaces } from '../map-places.command';

export class EditMapPlaceCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof editMapPlaceRequestSchema> & { place_id: string },
  ) {
    super();
  }
}

/** The whole place as the form holds it, at the revision the form was read at. */
@CommandHandler(EditMapPlaceCommand)
export class EditMapPlaceHandler implements ICommandHandler<EditMapPlaceCommand> {
  constructor(private readonly places: MapPlaces) {}

  execute({ issuer, payload }: EditMapPlaceCommand): Promise<{ position: number }> {
    const { place_id, name, description, address, link, revision } = payload;
    return this.places.run(EDIT_MAP_PLACE, issuer, { type: 'EditMapPlace', place_id, name, description, address, link, coordinates: coordinatesOfRequest(payload) }, revision);
  }
}
