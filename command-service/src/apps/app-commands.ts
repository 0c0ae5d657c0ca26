import { Injectable } from '@nestjs/common';
import {
  appItemStream,
  appStream,
  itemMentionedIds,
  mayReadAppItems,
  parseItemValues,
  propertyTagParents,
  tagChoiceIssues,
  type AppEvent,
  type AppItemEvent,
  type AppViewer,
  type FileValue,
  type ImageValue,
  type PropertyDefinition,
  type RelationValue,
  type TagCatalogue,
  type TagValue,
} from '@cn/contracts';
import { WrongExpectedRevisionError, type CommandContext, type HandledCommand } from '@cn/domain';
import { HttpProblem, validationProblem } from '@cn/platform';
import { FileCommands } from '../files/file-commands';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { appDecider, evolveApp, evolveItem, itemDecider, type AppCommand, type AppState, type ItemCommand, type ItemState } from './apps.decider';

/** The steps every app command shares: who asks, the app's definitions, parsing values, the deciders' streams. */
@Injectable()
export class AppCommands {
  constructor(
    readonly runner: CommandRunner,
    readonly lookup: CommandLookup,
    private readonly files: FileCommands,
  ) {}

  /** the item as its stream holds it now (`exists: false` for an unknown id) */
  async itemState(itemId: string): Promise<ItemState> {
    const events = await this.runner.eventStore.readStream(appItemStream(itemId));
    return events.reduce((state, event) => evolveItem(state, { type: event.type, data: event.data } as AppItemEvent), itemDecider.initialState());
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

  /**
   * values sent by name, checked by each property type's rules (the form's own), by id; then what only the
   * server knows: members must exist, files and images must be files the member may read (the files
   * module's rule), related items must be items of the related app, a tag property with tag parents holds
   * only tags of its group (`tag_not_in_parents`).
   */
  async values(
    issuer: CommandContext,
    appId: string,
    properties: readonly PropertyDefinition[],
    sent: Record<string, unknown>,
    partial: boolean,
    /** the item's values now (an edit): a file it already holds is kept without asking again */
    stored: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const parsed = parseItemValues(properties, sent, { partial });
    if (!parsed.ok) throw validationProblem(parsed.errors);
    const unknown: Array<{ field: string; key: string }> = [];
    let catalogue: TagCatalogue | null = null;
    for (const property of properties) {
      const value = parsed.values[property.id];
      if (property.type === 'tag' && propertyTagParents(property).length > 0 && Array.isArray(value)) {
        catalogue ??= await this.lookup.tagCatalogue();
        for (const index of tagChoiceIssues(catalogue, appId, property, value as TagValue[])) unknown.push({ field: `values.${property.name}.${index}`, key: 'tag_not_in_parents' });
      }
      if (property.type === 'membership' && Array.isArray(value)) {
        for (const [index, memberId] of (value as string[]).entries()) {
          const member = await this.lookup.member(memberId);
          if (!member || member.erased) unknown.push({ field: `values.${property.name}.${index}`, key: 'unknown_member' });
        }
      }
      if ((property.type === 'file' || property.type === 'image') && value !== null && value !== undefined) {
        const fileId = (value as FileValue | ImageValue).id;
        const kept = (stored[property.id] as { id?: unknown } | null | undefined)?.id === fileId;
        if (!kept && !(await this.files.knownFiles(issuer, [fileId])).has(fileId)) unknown.push({ field: `values.${property.name}`, key: property.type === 'file' ? 'unknown_file' : 'unknown_image' });
      }
      if (property.type === 'relation' && Array.isArray(value)) {
        for (const [index, relation] of (value as RelationValue[]).entries()) {
          const item = await this.itemState(relation.id);
          if (!item.exists || item.app_id !== relation.app) unknown.push({ field: property.multiple ? `values.${property.name}.${index}` : `values.${property.name}`, key: 'unknown_item' });
        }
      }
    }
    if (unknown.length > 0) throw validationProblem(unknown);
    return parsed.values;
  }

  /** of the members these values' rich text mentions, those who may read the item: only their bells may ring */
  async mentionReaders(properties: readonly PropertyDefinition[], values: Record<string, unknown>): Promise<string[]> {
    const readers: string[] = [];
    for (const memberId of itemMentionedIds(properties, values)) if (mayReadAppItems(await this.lookup.member(memberId))) readers.push(memberId);
    return readers;
  }

  runOnApp(name: string, appId: string, issuer: CommandContext, command: AppCommand): Promise<HandledCommand<AppEvent>> {
    return this.runner.run(name, { streamId: appStream(appId), decider: appDecider, command, context: issuer });
  }

  /**
   * `expectedRevision`: the revision the member saw; a stale one is a 409 (read again, then retry). The
   * revision is compared before the decider sees the item, so a lost race is told apart from an unknown
   * item afterwards: an id naming no item of this app is a 404, not a conflict to retry.
   */
  async runOnItem(name: string, itemId: string, issuer: CommandContext, command: ItemCommand, expectedRevision?: number | 'no_stream'): Promise<HandledCommand<AppItemEvent>> {
    try {
      return await this.runner.run(name, {
        streamId: appItemStream(itemId),
        decider: itemDecider,
        command,
        context: issuer,
        ...(expectedRevision === undefined ? {} : { expectedRevision: expectedRevision === -1 ? 'no_stream' : expectedRevision }),
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && command.type !== 'CreateItem') {
        const item = await this.itemState(itemId);
        if (!item.exists || item.app_id !== command.app_id) throw new HttpProblem(404, 'not_found');
      }
      throw error;
    }
  }
}
