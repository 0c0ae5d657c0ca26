import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  appStream,
  DEFAULT_NETWORK_ID,
  groupCategoriesStream,
  groupStream,
  modificationIssues,
  parentPropertySetContext,
  propertySetAbilities,
  propertySetStream,
  resolvePropertySet,
  tagParentIssues,
  type GroupCategoryEvent,
  type GroupStreamEvent,
  type PropertySetChange,
  type PropertySetContext,
  type StoredPropertySet,
} from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { groupActorOf } from '../../groups/group-abilities.read';
import { evolveGroupCategories, initialGroupCategoriesState } from '../../groups/group-categories.decider';
import { abilitiesIn } from '../../groups/group.decider';
import { evolveGroup, initialGroupState } from '../../groups/group-state';
import { CommandLookup } from '../../lookup/command-lookup';
import type { LookupMember } from '../../lookup/lookup.projections';
import { propertySetDecider } from '../property-sets.decider';

export const SAVE_PROPERTY_SET = 'SavePropertySet';

/** PUT /api/v1/property_sets/{name}?context_type&context_id: a basic set's properties or a modified set's modifications */
export class SavePropertySetCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { name: string; context: PropertySetContext; change: PropertySetChange },
  ) {
    super();
  }
}

const contextKey = (context: PropertySetContext): string => `${context.context_type}:${context.context_id ?? ''}`;

@CommandHandler(SavePropertySetCommand)
export class SavePropertySetHandler implements ICommandHandler<SavePropertySetCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** the context as the log knows it (404 for an unknown one): a group's category and whether the member edits its sets (the group's `can.edit_property_sets`) */
  private async contextOf(context: PropertySetContext, member: LookupMember): Promise<{ category: string | null; editsGroup: boolean }> {
    const store = this.commands.eventStore;
    const id = context.context_id ?? '';
    switch (context.context_type) {
      case 'network':
        return { category: null, editsGroup: false };
      case 'group_category': {
        const events = await store.readStream(groupCategoriesStream(DEFAULT_NETWORK_ID));
        const state = events.reduce((folded, event) => evolveGroupCategories(folded, { type: event.type, data: event.data } as GroupCategoryEvent), initialGroupCategoriesState());
        if (!state.categories.some((category) => category.id === id)) throw new HttpProblem(404, 'not_found');
        return { category: null, editsGroup: false };
      }
      case 'group': {
        const events = await store.readStream(groupStream(id));
        const state = events.reduce((folded, event) => evolveGroup(folded, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
        if (!state.exists || state.deleted) throw new HttpProblem(404, 'not_found');
        return { category: state.details?.group_category_id ?? null, editsGroup: abilitiesIn(state, await groupActorOf(store, member)).edit_property_sets };
      }
      case 'app': {
        const events = await store.readStream(appStream(id));
        if (!events.some((event) => event.type === 'AppCreated')) throw new HttpProblem(404, 'not_found');
        return { category: null, editsGroup: false };
      }
    }
  }

  /** what the parent contexts' sets offer a modified set: the chain's sets, read from their streams */
  private async parentProperties(name: string, context: PropertySetContext, category: string | null): Promise<Pick<StoredPropertySet, 'properties'> | null> {
    const parentOf = (at: PropertySetContext) => parentPropertySetContext(at, () => category);
    const chain: PropertySetContext[] = [];
    for (let at = parentOf(context); at; at = parentOf(at)) chain.push(at);
    const sets = new Map<string, StoredPropertySet | null>();
    for (const at of chain) sets.set(contextKey(at), (await loadState(this.commands.eventStore, propertySetStream(name, at), propertySetDecider)).state.set);
    const [parent] = chain;
    if (!parent) return null;
    return resolvePropertySet(name, parent, true, (at) => sets.get(contextKey(at)) ?? null, parentOf);
  }

  /**
   * tag parents name apps' tag properties, as the tag catalogue knows them, and never an internal one: a
   * profile is read by whoever sees its group or file (external members too), and its choices would be the
   * tags used under the internal property (the apps' `internal_tag_parent`, docs/APPS.md)
   */
  private async unknownTagParents(parents: readonly string[]): Promise<Array<[string, string]>> {
    if (parents.length === 0) return [];
    const catalogue = await this.lookup.tagCatalogue();
    const unknown = tagParentIssues(parents, (appId) => catalogue.tag_properties[appId] ?? []);
    if (unknown.length > 0) return unknown;
    return parents.flatMap((parent, index): Array<[string, string]> => {
      const [appId = '', propertyId = ''] = parent.split('/');
      return (catalogue.internal_properties?.[appId] ?? []).includes(propertyId) ? [[`tag_parents.${index}`, 'internal_tag_parent']] : [];
    });
  }

  async execute({ issuer, payload }: SavePropertySetCommand): Promise<{ position: number }> {
    const { name, context, change } = payload;
    const member = await this.lookup.issuer(issuer);
    const known = await this.contextOf(context, member);
    const { update } = propertySetAbilities({ network_admin: member.roles.network_admin, admin_group_ids: known.editsGroup && context.context_id ? [context.context_id] : [] }, context);
    const issues = !update ? [] : 'modifications' in change ? modificationIssues(change.modifications, await this.parentProperties(name, context, known.category)) : await this.unknownTagParents(change.tag_parents);
    const handled = await this.commands.run(SAVE_PROPERTY_SET, {
      streamId: propertySetStream(name, context),
      decider: propertySetDecider,
      command: { type: 'SavePropertySet', name, context, change, may_edit: update, issues },
      context: issuer,
    });
    return { position: handled.position };
  }
}
