import { Injectable } from '@nestjs/common';
import {
  designLogoFileId,
  fileStream,
  designScopeStream,
  designStream,
  NETWORK_DESIGN_SCOPE_ID,
  type DesignScopeType,
} from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { HttpProblem, validationProblem } from '@cn/platform';
import { fileDecider } from '../files/file.decider';
import { CommandRunner } from '../core/command-runner';
import { groupCategoryFor, loadGroupCategories } from '../groups/group-categories.read';
import { groupAbilitiesFor } from '../groups/group-abilities.read';
import { CommandLookup } from '../lookup/command-lookup';
import { designDecider, designScopeDecider, type DesignCommand, type DesignState } from './designs.decider';

/** where a route's design lives: the network (no slug), a group (its slug) or a group category (its id) */
export interface DesignScopeRef {
  group_slug: string | null;
  category_id?: string;
}

/** What the design slices share: the scope and the issuer's rights in it, the design's and the scope's streams. */
@Injectable()
export class Designs {
  constructor(
    readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** the scope a route names and whether the issuer may administrate it: network admins everywhere, a group's or a category's administrators theirs */
  async scope(issuer: CommandContext, ref: DesignScopeRef): Promise<{ scope_type: DesignScopeType; scope_id: string; may_edit: boolean }> {
    const member = await this.lookup.issuer(issuer);
    if (ref.category_id !== undefined) {
      const found = groupCategoryFor(await loadGroupCategories(this.commands.eventStore), ref.category_id, member);
      if (!found || found.category.id !== ref.category_id) throw new HttpProblem(404, 'not_found');
      // the category's administrators and network administrators (the category's can.administrate)
      return { scope_type: 'group_category', scope_id: found.category.id, may_edit: found.can.administrate };
    }
    if (ref.group_slug === null) return { scope_type: 'network', scope_id: NETWORK_DESIGN_SCOPE_ID, may_edit: member.roles.network_admin };
    const [group] = await this.lookup.groups({ slug: ref.group_slug });
    if (!group) throw new HttpProblem(404, 'not_found');
    const can = await groupAbilitiesFor(this.commands.eventStore, group._id, member);
    return { scope_type: 'group', scope_id: group._id, may_edit: can.edit_designs };
  }

  /**
   * A logo uploaded for the design: an unpublished upload, which the download route serves to every member
   * once a design names it, so it must be the issuer's own (nobody turns another member's upload into a
   * public image); a published file stays readable only by those who may read it. A logo kept unchanged
   * is not checked again.
   */
  async checkLogo(issuer: CommandContext, logoUrl: string | null, kept: string | null = null): Promise<void> {
    const fileId = designLogoFileId(logoUrl);
    if (fileId === null || logoUrl === kept) return;
    const member = await this.lookup.issuer(issuer);
    const { state } = await loadState(this.commands.eventStore, fileStream(fileId), fileDecider);
    const usable = state.state === 'published' || (state.state === 'volatile' && state.uploader_id === member._id);
    if (!usable) throw validationProblem([{ field: 'logo_url', key: 'invalid_format' }]);
  }

  /** the design, when it belongs to the route's scope (a design of another scope is not found there) */
  async design(designId: string, scope: { scope_type: DesignScopeType; scope_id: string }): Promise<DesignState> {
    const { state } = await loadState(this.commands.eventStore, designStream(designId), designDecider);
    if (!state.exists || state.deleted || state.scope_type !== scope.scope_type || state.scope_id !== scope.scope_id) throw new HttpProblem(404, 'not_found');
    return state;
  }

  async activeIn(scope: { scope_type: DesignScopeType; scope_id: string }): Promise<string | null> {
    return (await loadState(this.commands.eventStore, designScopeStream(scope.scope_type, scope.scope_id), designScopeDecider)).state.active;
  }

  run(name: string, issuer: CommandContext, command: DesignCommand): Promise<{ position: number }> {
    return this.commands.run(name, { streamId: designStream(command.design_id), decider: designDecider, command, context: issuer });
  }
}
