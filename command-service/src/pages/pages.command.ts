import { Injectable } from '@nestjs/common';
import { pagesStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../core/command-runner';
import { pagesDecider, type PagesCommand } from './pages.decider';

/** What the page slices share: the one stream of pages, decided and appended. */
@Injectable()
export class Pages {
  constructor(private readonly commands: CommandRunner) {}

  run(name: string, issuer: CommandContext, command: PagesCommand): Promise<{ position: number }> {
    return this.commands.run(name, { streamId: pagesStream(), decider: pagesDecider, command, context: issuer });
  }
}
