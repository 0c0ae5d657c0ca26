import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NETWORK_WIDGETBAR_SCOPE, widgetBarStream, type WidgetBarRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { groupAbilitiesFor } from '../../groups/group-abilities.read';
import { CommandLookup } from '../../lookup/command-lookup';
import { widgetBarDecider } from '../widgetbars.decider';

export const SAVE_WIDGETBAR = 'SaveWidgetBar';

/** A network bar (no group) or a group's (its id), by slug. */
export class SaveWidgetBarCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: WidgetBarRequest & { slug: string; group_id: string | null },
  ) {
    super();
  }
}

@CommandHandler(SaveWidgetBarCommand)
export class SaveWidgetBarHandler implements ICommandHandler<SaveWidgetBarCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** the scope and whether the issuer may edit it: network bars their administrators, a group's bars its `can.edit_widgetbars` */
  private async scopeOf(issuer: CommandContext, groupId: string | null): Promise<{ scope: string; mayEdit: boolean }> {
    const member = await this.lookup.issuer(issuer);
    if (groupId === null) return { scope: NETWORK_WIDGETBAR_SCOPE, mayEdit: member.roles.network_admin };
    const can = await groupAbilitiesFor(this.commands.eventStore, groupId, member);
    if (!can.exists) throw new HttpProblem(404, 'not_found');
    return { scope: groupId, mayEdit: can.edit_widgetbars };
  }

  async execute({ issuer, payload }: SaveWidgetBarCommand): Promise<{ position: number }> {
    const { scope, mayEdit } = await this.scopeOf(issuer, payload.group_id);
    const handled = await this.commands.run(SAVE_WIDGETBAR, {
      streamId: widgetBarStream(scope, payload.slug),
      decider: widgetBarDecider,
      command: { type: 'SaveWidgetBar', scope, slug: payload.slug, widgets: payload.widgetbar.widgets, revision: payload.revision, may_edit: mayEdit },
      context: issuer,
    });
    return { position: handled.position };
  }
}
