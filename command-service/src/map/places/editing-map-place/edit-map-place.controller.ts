import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { EDIT_MAP_PLACE, editMapPlaceRequestSchema, REMOVE_MAP_PLACE, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { RemoveMapPlaceCommand } from '../removing-map-place/remove-map-place.command';
import { EditMapPlaceCommand } from './edit-map-place.command';

@Controller('administration/map_places')
export class EditMapPlaceController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Change a point of interest (name, description, address or lat/lng, link) at the revision the form was read at',
    tags: ['map'],
    auth: 'admin',
    command: EDIT_MAP_PLACE,
    body: editMapPlaceRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async edit(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<EditMapPlaceCommand['payload'], 'place_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EditMapPlaceCommand(issuer, { ...payload, place_id: id }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Take a point of interest off the map',
    tags: ['map'],
    auth: 'admin',
    command: REMOVE_MAP_PLACE,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new RemoveMapPlaceCommand(issuer, { place_id: id }));
    return commandAccepted(res, position);
  }
}
