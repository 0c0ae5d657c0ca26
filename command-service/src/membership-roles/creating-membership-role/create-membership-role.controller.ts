import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, createMembershipRoleRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_MEMBERSHIP_ROLE, CreateMembershipRoleCommand } from './create-membership-role.command';

@Controller('administration/membership_roles')
export class CreateMembershipRoleController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create a network-wide membership role (the server makes its slug), optionally with the members who hold it',
    tags: ['membership-roles'],
    auth: 'admin',
    command: CREATE_MEMBERSHIP_ROLE,
    body: createMembershipRoleRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden' },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: CreateMembershipRoleCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateMembershipRoleCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
