import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { canCreateGroupIn, slugOfName, type createGroupRequestSchema, type GroupCreatedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { validationProblem } from '@cn/platform';
import { GroupCommands } from '../group-commands';

/** A member founds a group in a category (/groups/new/{categorySlug}) and becomes its first admin. */
export class FoundGroupCommand extends Command<GroupCreatedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createGroupRequestSchema>,
  ) {
    super();
  }
}

export const FOUND_GROUP = 'FoundGroup';

@CommandHandler(FoundGroupCommand)
export class FoundGroupHandler implements ICommandHandler<FoundGroupCommand> {
  /** foundings in this process one after another, so that each sees the slugs the previous ones took */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly groups: GroupCommands) {}

  execute(command: FoundGroupCommand): Promise<GroupCreatedAnswer> {
    const next = this.queue.then(() => this.found(command));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async found({ issuer, payload }: FoundGroupCommand): Promise<GroupCreatedAnswer> {
    const { actor } = await this.groups.actor(issuer);
    const categories = await this.groups.categories();
    const category = categories.categories.find((candidate) => candidate.slug === payload.group_category_slug);
    if (!category) throw validationProblem([{ field: 'group_category_slug', key: 'unknown_group_category' }]);
    // the slug comes from the name; a taken one gets a number
    const base = slugOfName(payload.group.name);
    let slug = base;
    for (let n = 2; await this.groups.slugTaken(slug); n += 1) slug = `${base}-${n}`;
    const groupId = randomUUID();
    const { profile_id: _profile, ...group } = payload.group;
    const handled = await this.groups.run(FOUND_GROUP, groupId, issuer, {
      type: 'FoundGroup',
      group_id: groupId,
      slug,
      details: { ...group, group_category_id: category.id },
      may_create_in_category: canCreateGroupIn(category, actor),
      actor,
    });
    return { id: groupId, slug, position: handled.position };
  }
}
