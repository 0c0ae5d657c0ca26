import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeLayoutRequestSchema, definePropertyRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, parseWith, Payload } from '@cn/platform';
import { z } from 'zod';
import { CHANGE_LAYOUT, ChangeLayoutCommand, DEFINE_PROPERTY, DefinePropertyCommand, REMOVE_PROPERTY, RemovePropertyCommand } from './define-property.command';

const propertyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, { message: 'invalid_format' });

/** The property-set editor's routes (network admins). */
@Controller('api/v1/apps/:app')
export class DefinePropertyController {
  constructor(private readonly commands: CommandBus) {}

  @Put('properties/:propertyId')
  @HttpCode(200)
  @Endpoint({
    summary: 'Add a property to an app or change it (name, type, options); items keep their values by the property id',
    tags: ['apps'],
    auth: 'admin',
    command: DEFINE_PROPERTY,
    body: definePropertyRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (name invalid_format or taken, type unknown_property_type, options duplicate_option, min min_above_max, related_apps required, allow_create_related invalid_value off relations, tag_parents.<i> unknown_tag_parent, tag_parents.<i> internal_tag_parent (a property that is not internal naming an internal one), internal public_tag_group (a group a public property names), tag_parents required for internal tags, tag_parents/internal invalid_value off tags)',
      401: 'unauthenticated',
      403: 'forbidden (not a network admin) or invalid_csrf_token',
      404: 'unknown app',
    },
  })
  async define(
    @Issuer() issuer: CommandContext,
    @Param('app') app: string,
    @Param('propertyId') propertyId: string,
    @Payload() payload: Omit<DefinePropertyCommand['payload'], 'app_id' | 'property_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const property_id = parseWith(propertyIdSchema, propertyId, 'property_id');
    const { position } = await this.commands.execute(new DefinePropertyCommand(issuer, { ...payload, app_id: app, property_id }));
    return commandAccepted(res, position);
  }

  @Delete('properties/:propertyId')
  @HttpCode(200)
  @Endpoint({
    summary: "Remove an app's property (its values are no longer shown)",
    tags: ['apps'],
    auth: 'admin',
    command: REMOVE_PROPERTY,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'unknown app or property' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('app') app: string, @Param('propertyId') propertyId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new RemovePropertyCommand(issuer, { app_id: app, property_id: propertyId }));
    return commandAccepted(res, position);
  }

  @Put('layout')
  @HttpCode(200)
  @Endpoint({
    summary: "Change the app's item layout (auto, inherit, or custom tabs with the layouts a, ab, abc, a-bc, a-bc-d, ab-c)",
    tags: ['apps'],
    auth: 'admin',
    command: CHANGE_LAYOUT,
    body: changeLayoutRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'unknown app' },
  })
  async layout(@Issuer() issuer: CommandContext, @Param('app') app: string, @Payload() payload: Omit<ChangeLayoutCommand['payload'], 'app_id'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeLayoutCommand(issuer, { ...payload, app_id: app }));
    return commandAccepted(res, position);
  }
}
