import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { appItemStream, appStream, parseItemValues, type AppEvent, type AppItemEvent, type AppViewer, type PropertyDefinition } from '@cn/contracts';
import type { CommandContext, HandledCommand } from '@cn/domain';
import { HttpProblem, InjectPort, validationProblem, type MailPort } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { appDecider, evolveApp, evolveItem, itemDecider, type AppCommand, type AppState, type ItemCommand } from './apps.decider';
import { sendAssignmentMails } from './assignment-mails';

/** The steps every app command shares: who asks, the app's definitions, parsing values, the deciders' streams. */
@Injectable()
export class AppCommands {
  constructor(
    readonly runner: CommandRunner,
    readonly lookup: CommandLookup,
    @InjectPort('mail') private readonly mail: MailPort,
    @InjectPort('logger') private readonly logger: Logger,
  ) {}

  /** the item's values by property id as its stream holds them now (what an assignment mail compares with) */
  async storedValues(itemId: string): Promise<Record<string, unknown>> {
    const events = await this.runner.eventStore.readStream(appItemStream(itemId));
    return events.reduce((state, event) => evolveItem(state, { type: event.type, data: event.data } as AppItemEvent), itemDecider.initialState()).values;
  }

  /** the assign/unassign mails of a recorded change; a failing mail is logged, the change stays */
  async mailAssignments(change: Parameters<typeof sendAssignmentMails>[2]): Promise<void> {
    try {
      await sendAssignmentMails(this.mail, this.lookup, change);
    } catch (error) {
      this.logger.warn({ err: error, item: change.itemId }, 'assignment mail failed');
    }
  }

  async viewer(issuer: CommandContext): Promise<AppViewer> {
    const member = await this.lookup.issuer(issuer);
    return { member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external };
  }

  /** the app's definition; 404 when there is none */
  async app(appId: string): Promise<AppState> {
    const events = await this.runner.eventStore.readStream(appStream(appId));
    const state = events.reduce((folded, event) => evolveApp(folded, { type: event.type, data: event.data } as AppEvent), appDecider.initialState());
    if (!state.exists) throw new HttpProblem(404, 'not_found');
    return state;
  }

  /** values sent by name, checked by each property type's rules (the form's own), by id; members must exist */
  async values(properties: readonly PropertyDefinition[], sent: Record<string, unknown>, partial: boolean): Promise<Record<string, unknown>> {
    const parsed = parseItemValues(properties, sent, { partial });
    if (!parsed.ok) throw validationProblem(parsed.errors);
    const unknown: Array<{ field: string; key: string }> = [];
    for (const property of properties) {
      if (property.type !== 'membership' || !Array.isArray(parsed.values[property.id])) continue;
      for (const [index, memberId] of (parsed.values[property.id] as string[]).entries()) {
        const member = await this.lookup.member(memberId);
        if (!member || member.erased) unknown.push({ field: `values.${property.name}.${index}`, key: 'unknown_member' });
      }
    }
    if (unknown.length > 0) throw validationProblem(unknown);
    return parsed.values;
  }

  runOnApp(name: string, appId: string, issuer: CommandContext, command: AppCommand): Promise<HandledCommand<AppEvent>> {
    return this.runner.run(name, { streamId: appStream(appId), decider: appDecider, command, context: issuer });
  }

  /** `expectedRevision`: the revision the member saw; a stale one is a 409 (read again, then retry) */
  runOnItem(name: string, itemId: string, issuer: CommandContext, command: ItemCommand, expectedRevision?: number | 'no_stream'): Promise<HandledCommand<AppItemEvent>> {
    return this.runner.run(name, {
      streamId: appItemStream(itemId),
      decider: itemDecider,
      command,
      context: issuer,
      ...(expectedRevision === undefined ? {} : { expectedRevision: expectedRevision === -1 ? 'no_stream' : expectedRevision }),
    });
  }
}
