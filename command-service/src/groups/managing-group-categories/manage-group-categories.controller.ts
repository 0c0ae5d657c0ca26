import { Controller, HttpCode, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { createdAcceptedSchema, createGroupCategorySchema, groupCategoriesOrderSchema, CONSISTENCY_HEADER, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_GROUP_CATEGORY, CreateGroupCategoryCommand, ORDER_GROUP_CATEGORIES, OrderGroupCategoriesCommand } from './manage-group-categories.command';

const tags = ['groups'];

@Controller('administration/group-categories')
export class ManageGroupCategoriesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Add a group category (a directory tab); its slug comes from the plural name',
    tags,
    auth: 'admin',
    command: CREATE_GROUP_CATEGORY,
    body: createGroupCategorySchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 409: 'slug_taken' },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof createGroupCategorySchema>, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateGroupCategoryCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }

  @Put('order')
  @HttpCode(204)
  @Endpoint({
    summary: 'Order the group categories (the directory tabs) by their slugs; 204 on success',
    tags,
    auth: 'admin',
    command: ORDER_GROUP_CATEGORIES,
    body: groupCategoriesOrderSchema,
    responses: { 204: 'ordered (X-Consistency-Position carries the position)', 400: 'validation_failed (order: unknown_group_category)', 401: 'unauthenticated', 403: 'forbidden' },
  })
  async order(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof groupCategoriesOrderSchema>, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { position } = await this.commands.execute(new OrderGroupCategoriesCommand(issuer, payload));
    res.setHeader(CONSISTENCY_HEADER, String(position));
  }
}
