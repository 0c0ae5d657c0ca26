import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { articleRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

/** Publishing (article_id null), changing or deleting (article null) an article of a channel's blog (the blog id is the channel's slug). */
export class WriteArticleCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { blog_id: string; article_id: string | null; article: z.output<typeof articleRequestSchema>['article'] | null },
  ) {
    super();
  }
}

export const ARTICLE_COMMANDS = { publish: 'PublishArticle', update: 'UpdateArticle', delete: 'DeleteArticle' } as const;

@CommandHandler(WriteArticleCommand)
export class WriteArticleHandler implements ICommandHandler<WriteArticleCommand> {
  constructor(private readonly channels: ChannelCommands) {}

  async execute({ issuer, payload: { blog_id, article_id, article } }: WriteArticleCommand): Promise<{ id: string; position: number }> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    if (article === null) {
      const id = article_id ?? '';
      const handled = await this.channels.run(ARTICLE_COMMANDS.delete, blog_id, issuer, { type: 'DeleteArticle', article_id: id, viewer });
      return { id, position: handled.position };
    }
    const id = article_id ?? randomUUID();
    const handled = await this.channels.run(article_id === null ? ARTICLE_COMMANDS.publish : ARTICLE_COMMANDS.update, blog_id, issuer, {
      type: article_id === null ? 'PublishArticle' : 'UpdateArticle',
      article_id: id,
      title: article.title,
      html_content: article.html_content,
      viewer,
    });
    return { id, position: handled.position };
  }
}
