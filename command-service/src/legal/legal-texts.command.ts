import { Injectable } from '@nestjs/common';
import { legalTextsStream } from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { CommandRunner } from '../core/command-runner';
import { legalTextsDecider, type LegalTextsCommand, type LegalTextState } from './legal.decider';

/** What the legal-text slices share: the one stream of legal texts, decided and appended. */
@Injectable()
export class LegalTexts {
  constructor(private readonly commands: CommandRunner) {}

  run(name: string, issuer: CommandContext, command: LegalTextsCommand): Promise<{ position: number }> {
    return this.commands.run(name, { streamId: legalTextsStream(), decider: legalTextsDecider, command, context: issuer });
  }

  async text(id: string): Promise<LegalTextState | null> {
    const { state } = await loadState(this.commands.eventStore, legalTextsStream(), legalTextsDecider);
    return state.texts[id] ?? null;
  }
}
