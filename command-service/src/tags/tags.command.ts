import { Injectable } from '@nestjs/common';
import { DEFAULT_NETWORK_ID, tagsStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { tagsDecider, type TagsCommand } from './tags.decider';

/** What the tag slices share: the catalogue from the command lookup, the tags stream decided and appended. */
@Injectable()
export class Tags {
  constructor(
    private readonly commands: CommandRunner,
    readonly lookup: CommandLookup,
  ) {}

  run(name: string, issuer: CommandContext, command: TagsCommand): Promise<{ position: number }> {
    return this.commands.run(name, { streamId: tagsStream(DEFAULT_NETWORK_ID), decider: tagsDecider, command, context: issuer });
  }
}
