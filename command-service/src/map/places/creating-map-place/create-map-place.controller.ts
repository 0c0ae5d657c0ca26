import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { CREATE_MAP_PLACE, createdAcceptedSchema, createMapPlaceRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CreateMapPlaceCommand } from './create-map-place.command';

@Controller('administration/map_places')
export class CreateMapPlaceController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Put a point of interest on the network map: by its address (the server geocodes it) or its own lat/lng',
    tags: ['map'],
    auth: 'admin',
    command: CREATE_MAP_PLACE,
    body: createMapPlaceRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden' },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: CreateMapPlaceCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateMapPlaceCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
