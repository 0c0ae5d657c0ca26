import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { activateDesignRequestSchema, createdAcceptedSchema, designRequestSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ACTIVATE_DESIGN, ActivateDesignCommand } from './activating-design/activate-design.command';
import { CREATE_DESIGN, CreateDesignCommand } from './creating-design/create-design.command';
import { DELETE_DESIGN, DeleteDesignCommand } from './deleting-design/delete-design.command';
import type { DesignScopeRef } from './designs.command';
import { EDIT_DESIGN, EditDesignCommand } from './editing-design/edit-design.command';

type DesignBody = z.output<typeof designRequestSchema>;
const tags = ['designs'];
const changed = { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict' };
const groupNote = " (the group's administrators and network administrators)";
const categoryNote = " (the category's administrators and network administrators)";

/**
 * Designs of the network (`/administration/designs`, network administrators) and of a group
 * (`/groups/{slug}/administration/designs`): create, edit, activate, delete. The slices' commands decide;
 * the routes only name the scope.
 */
@Controller()
export class DesignsController {
  constructor(private readonly commands: CommandBus) {}

  private async create(issuer: CommandContext, scope: DesignScopeRef, payload: DesignBody, res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateDesignCommand(issuer, { ...payload, ...scope }));
    return { id, ...commandAccepted(res, position) };
  }

  private async done(res: Response, pending: Promise<{ position: number }>): Promise<CommandAccepted> {
    return commandAccepted(res, (await pending).position);
  }

  @Post('administration/designs')
  @HttpCode(201)
  @Endpoint({ summary: 'Create a design of the network (name, colours, logo)', tags, auth: 'admin', command: CREATE_DESIGN, body: designRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden' } })
  createNetwork(@Issuer() issuer: CommandContext, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    return this.create(issuer, { group_slug: null }, payload, res);
  }

  @Post('groups/:slug/administration/designs')
  @HttpCode(201)
  @Endpoint({ summary: `Create a design of a group${groupNote}`, tags, auth: 'member', command: CREATE_DESIGN, body: designRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } })
  createGroup(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    return this.create(issuer, { group_slug: slug }, payload, res);
  }

  @Put('administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: 'Edit a design of the network', tags, auth: 'admin', command: EDIT_DESIGN, body: designRequestSchema, responses: changed })
  editNetwork(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new EditDesignCommand(issuer, { ...payload, design_id: id, group_slug: null })));
  }

  @Put('groups/:slug/administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: `Edit a design of a group${groupNote}`, tags, auth: 'member', command: EDIT_DESIGN, body: designRequestSchema, responses: changed })
  editGroup(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('id') id: string, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new EditDesignCommand(issuer, { ...payload, design_id: id, group_slug: slug })));
  }

  @Put('administration/designs/:id/activate')
  @HttpCode(200)
  @Endpoint({ summary: "Make a design the network's active one (active false: none)", tags, auth: 'admin', command: ACTIVATE_DESIGN, body: activateDesignRequestSchema, responses: changed })
  activateNetwork(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() payload: z.output<typeof activateDesignRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new ActivateDesignCommand(issuer, { design_id: id, active: payload.active, group_slug: null })));
  }

  @Put('groups/:slug/administration/designs/:id/activate')
  @HttpCode(200)
  @Endpoint({ summary: `Make a design the group's active one (active false: none)${groupNote}`, tags, auth: 'member', command: ACTIVATE_DESIGN, body: activateDesignRequestSchema, responses: changed })
  activateGroup(
    @Issuer() issuer: CommandContext,
    @Param('slug') slug: string,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof activateDesignRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new ActivateDesignCommand(issuer, { design_id: id, active: payload.active, group_slug: slug })));
  }

  @Delete('administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a design of the network that is not active', tags, auth: 'admin', command: DELETE_DESIGN, responses: { ...changed, 409: 'design_active or concurrency_conflict' } })
  deleteNetwork(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new DeleteDesignCommand(issuer, { design_id: id, group_slug: null })));
  }

  @Delete('groups/:slug/administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: `Delete a design of a group that is not active${groupNote}`, tags, auth: 'member', command: DELETE_DESIGN, responses: { ...changed, 409: 'design_active or concurrency_conflict' } })
  deleteGroup(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new DeleteDesignCommand(issuer, { design_id: id, group_slug: slug })));
  }

  @Post('group-categories/:categoryId/administration/designs')
  @HttpCode(201)
  @Endpoint({ summary: `Create a design of a group category${categoryNote}`, tags, auth: 'member', command: CREATE_DESIGN, body: designRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } })
  createCategory(@Issuer() issuer: CommandContext, @Param('categoryId') categoryId: string, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    return this.create(issuer, { group_slug: null, category_id: categoryId }, payload, res);
  }

  @Put('group-categories/:categoryId/administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: `Edit a design of a group category${categoryNote}`, tags, auth: 'member', command: EDIT_DESIGN, body: designRequestSchema, responses: changed })
  editCategory(@Issuer() issuer: CommandContext, @Param('categoryId') categoryId: string, @Param('id') id: string, @Payload() payload: DesignBody, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new EditDesignCommand(issuer, { ...payload, design_id: id, group_slug: null, category_id: categoryId })));
  }

  @Put('group-categories/:categoryId/administration/designs/:id/activate')
  @HttpCode(200)
  @Endpoint({ summary: `Make a design the group category's active one (active false: none)${categoryNote}`, tags, auth: 'member', command: ACTIVATE_DESIGN, body: activateDesignRequestSchema, responses: changed })
  activateCategory(
    @Issuer() issuer: CommandContext,
    @Param('categoryId') categoryId: string,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof activateDesignRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new ActivateDesignCommand(issuer, { design_id: id, active: payload.active, group_slug: null, category_id: categoryId })));
  }

  @Delete('group-categories/:categoryId/administration/designs/:id')
  @HttpCode(200)
  @Endpoint({ summary: `Delete a design of a group category that is not active${categoryNote}`, tags, auth: 'member', command: DELETE_DESIGN, responses: { ...changed, 409: 'design_active or concurrency_conflict' } })
  deleteCategory(@Issuer() issuer: CommandContext, @Param('categoryId') categoryId: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.done(res, this.commands.execute(new DeleteDesignCommand(issuer, { design_id: id, group_slug: null, category_id: categoryId })));
  }
}
