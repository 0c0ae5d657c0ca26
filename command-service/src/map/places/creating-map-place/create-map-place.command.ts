import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { CREATE_MAP_PLACE, coordinatesOfRequest, type createMapPlaceRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MapPlaces } from '../map-places.command';

export class CreateMapPlaceCommand extends Command<CreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createMapPlaceRequestSchema>,
  ) {
    super();
  }
}

/** A new point of interest; without its own lat/lng the geocoding reactor places its address. */
@CommandHandler(CreateMapPlaceCommand)
export class CreateMapPlaceHandler implements ICommandHandler<CreateMapPlaceCommand> {
  constructor(private readonly places: MapPlaces) {}

  async execute({ issuer, payload }: CreateMapPlaceCommand): Promise<CreatedAccepted> {
    const id = randomUUID();
    const { name, description, address, link } = payload;
    const { position } = await this.places.run(CREATE_MAP_PLACE, issuer, { type: 'CreateMapPlace', place_id: id, name, description, address, link, coordinates: coordinatesOfRequest(payload) });
    return { id, position };
  }
}
