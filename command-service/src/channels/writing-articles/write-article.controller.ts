import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { articleRequestSchema, createdAcceptedSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ARTICLE_COMMANDS, WriteArticleCommand } from './write-article.command';

const tags = ['channels'];
const refusals = { 400: 'validation_failed (article.title required)', 401: 'unauthenticated', 403: 'forbidden (channel i.can.create_articles false) or invalid_csrf_token', 404: 'not_found' };
type ArticleBody = z.output<typeof articleRequestSchema>;

@Controller('blogs/:blogId/articles')
export class WriteArticleController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Publish an article in a channel\'s blog { article: { title, html_content } }; the html is sanitised before it is stored',
    tags,
    auth: 'member',
    command: ARTICLE_COMMANDS.publish,
    body: articleRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), ...refusals },
  })
  async publish(@Issuer() issuer: CommandContext, @Param('blogId') blogId: string, @Payload() payload: ArticleBody, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new WriteArticleCommand(issuer, { blog_id: blogId.toLowerCase(), article_id: null, article: payload.article }));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Change an article', tags, auth: 'member', command: ARTICLE_COMMANDS.update, body: articleRequestSchema, responses: { 200: commandAnswer('accepted, { id, position }', createdAcceptedSchema), ...refusals } })
  async update(
    @Issuer() issuer: CommandContext,
    @Param('blogId') blogId: string,
    @Param('id') id: string,
    @Payload() payload: ArticleBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatedAccepted> {
    const { position } = await this.commands.execute(new WriteArticleCommand(issuer, { blog_id: blogId.toLowerCase(), article_id: id, article: payload.article }));
    return { id, ...commandAccepted(res, position) };
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete an article', tags, auth: 'member', command: ARTICLE_COMMANDS.delete, responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async remove(@Issuer() issuer: CommandContext, @Param('blogId') blogId: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new WriteArticleCommand(issuer, { blog_id: blogId.toLowerCase(), article_id: id, article: null }));
    return commandAccepted(res, position);
  }
}
