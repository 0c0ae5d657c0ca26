import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { SET_MEMBER_ADDRESS, setMemberAddressRequestSchema } from '@cn/contracts';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import type { z } from 'zod';
import type { CommandContext } from '@cn/domain';
import { SetMemberAddressCommand } from './set-member-address.command';

@Controller('api/v1/members/:id/address')
export class SetMemberAddressController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Set or remove a member's address for the map (the member themself or a network administrator); the server geocodes it",
    tags: ['map'],
    auth: 'member',
    command: SET_MEMBER_ADDRESS,
    body: setMemberAddressRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 204: 'the same address again (or removing none): nothing appended', 400: 'too_long, invalid_characters', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async set(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof setMemberAddressRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<{ position: number } | undefined> {
    const { position, appended } = await this.commands.execute(new SetMemberAddressCommand(issuer, { member_id: id, address: body.address }));
    if (!appended) {
      res.status(204);
      return undefined;
    }
    return commandAccepted(res, position);
  }
}
