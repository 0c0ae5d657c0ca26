import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readItemValues, taskMarkStream, type TaskMarkAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, type PersonalDataCipher } from '@cn/platform';
import { AppCommands } from '../app-commands';
import { taskMarkDecider } from './task-mark.decider';

export const STAR_TASK = 'StarTask';
export const DECLINE_TASK = 'DeclineTask';
export const WRITE_TASK_NOTE = 'WriteTaskNote';

export type TaskMarkChange =
  | { type: 'star'; starred: boolean }
  | { type: 'decline'; declined: boolean }
  | { type: 'note'; note: string; revision?: number | undefined };

/** A member marks a task for themselves: star, decline an assignment, a personal note. */
export class MarkTaskCommand extends Command<TaskMarkAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { item_id: string; change: TaskMarkChange },
  ) {
    super();
  }
}

@CommandHandler(MarkTaskCommand)
export class MarkTaskHandler implements ICommandHandler<MarkTaskCommand> {
  constructor(
    private readonly apps: AppCommands,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: MarkTaskCommand): Promise<TaskMarkAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const item = await this.apps.itemState(payload.item_id);
    if (!item.exists) throw new HttpProblem(404, 'not_found');
    const app = await this.apps.app(item.app_id);
    const values = readItemValues(app.properties, item.values);
    const assigned = app.properties.some((property) => property.type === 'membership' && ((values[property.name] as string[] | undefined) ?? []).includes(viewer.member_id));
    const target = { member_id: viewer.member_id, app_id: item.app_id, item_id: payload.item_id, item: { assigned, archived: item.archived } };
    const { change } = payload;
    const run = (name: string, command: Parameters<typeof taskMarkDecider.decide>[0], expectedRevision?: number) =>
      this.apps.runner.run(name, {
        streamId: taskMarkStream(viewer.member_id, payload.item_id),
        decider: taskMarkDecider,
        command,
        context: issuer,
        ...(expectedRevision === undefined ? {} : { expectedRevision: expectedRevision === -1 ? ('no_stream' as const) : expectedRevision }),
      });
    const handled =
      change.type === 'star'
        ? await run(STAR_TASK, { ...target, type: 'StarTask', starred: change.starred })
        : change.type === 'decline'
          ? await run(DECLINE_TASK, { ...target, type: 'DeclineTask', declined: change.declined })
          : await run(
              WRITE_TASK_NOTE,
              { ...target, type: 'WriteTaskNote', note: change.note === '' ? '' : await this.cipher.encrypt(viewer.member_id, change.note), empty: change.note === '' },
              change.revision,
            );
    return { position: handled.position, revision: handled.revision };
  }
}
