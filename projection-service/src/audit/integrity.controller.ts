import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { chainHeadSignaturesResponseSchema, signedChainHeadSchema, type ChainHeadSignaturesResponse, type IntegrityLine, type SignedChainHead } from '@cn/contracts';
import { type DocumentStore, Endpoint, type EventStore, InjectPort, type KeyStore } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { checkAuditReadModel } from './audit-check';
import { sealChainHead } from './chain-seal';
import { ScheduledHeadSigner } from './scheduled-head-signer';

/**
 * Verifies the history's hash chain for auditors and network administrators, as NDJSON: a progress line
 * per chunk walked, then the outcome (the head to keep outside the system, or the first break).
 */
@Controller('api/v1/audit/integrity')
export class IntegrityController {
  constructor(
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('keyStore') private readonly keyStore: KeyStore,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @Inject(PROJECTION_RUNTIME) private readonly runtime: ProjectionServiceRuntime,
    private readonly signer: ScheduledHeadSigner,
  ) {}

  @Get('signatures')
  @Endpoint({
    summary: 'The heads signed on the schedule (AUDIT_HEAD_SIGN_INTERVAL), newest first, and when the next is due',
    tags: ['audit'],
    responses: { 200: { description: 'ChainHeadSignaturesResponse', schema: chainHeadSignaturesResponseSchema }, 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async signatures(): Promise<ChainHeadSignaturesResponse> {
    const next = await this.signer.nextDueAt();
    return { signatures: await this.signer.list(), interval_ms: this.signer.intervalMs, next_due_at: next?.toISOString() ?? null };
  }

  @Get('signatures/export')
  @Endpoint({
    summary: 'Every head signed on the schedule, oldest first, as NDJSON (one SignedChainHead per line) to keep outside the system',
    tags: ['audit'],
    responses: { 200: 'application/x-ndjson: SignedChainHead per line', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async exportSignatures(@Res() res: Response): Promise<void> {
    const signatures = (await this.signer.list(100_000)).reverse();
    res
      .status(200)
      .type('application/x-ndjson')
      .setHeader('cache-control', 'no-store')
      .setHeader('content-disposition', 'attachment; filename="chain-head-signatures.ndjson"');
    res.end(signatures.map((signature) => `${JSON.stringify(signature)}\n`).join(''));
  }

  @Get('head')
  @Endpoint({
    summary: "The hash chain's newest link, signed with the network's Ed25519 key (to keep outside the system)",
    tags: ['audit'],
    responses: { 200: { description: 'SignedChainHead', schema: signedChainHeadSchema }, 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async head(): Promise<SignedChainHead> {
    const signedAt = this.clock().toISOString();
    const head = (await this.eventStore.chainHead?.()) ?? null;
    if (head === null) {
      return { available: false, position: 0, hash: '', signed_at: signedAt, algorithm: 'Ed25519', message: '', signature: '', public_key: '' };
    }
    const seal = await sealChainHead(this.keyStore, head, signedAt);
    return {
      available: true,
      position: head.position,
      hash: head.hash,
      signed_at: signedAt,
      algorithm: 'Ed25519',
      message: seal.message,
      signature: seal.signature,
      public_key: seal.publicKey,
    };
  }

  @Get()
  @Endpoint({
    summary: "Verify the history's hash chain and the audit read model against it (NDJSON: progress lines, the chain's result, then the read model's)",
    tags: ['audit'],
    responses: { 200: 'application/x-ndjson: IntegrityLine per line', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async verify(@Res() res: Response): Promise<void> {
    res.status(200).type('application/x-ndjson').setHeader('cache-control', 'no-store');
    const write = (line: IntegrityLine): void => {
      res.write(`${JSON.stringify(line)}\n`);
    };
    if (!this.eventStore.verifyChain) {
      write({ type: 'result', available: false, checked: 0, head: null, first_break: null, verified_at: this.clock().toISOString() });
    } else {
      const verified = await this.eventStore.verifyChain((checked, head) => write({ type: 'progress', checked, head }));
      write({
        type: 'result',
        available: true,
        checked: verified.checked,
        head: verified.head,
        first_break: verified.firstBreak,
        verified_at: this.clock().toISOString(),
      });
    }
    const checkedRows = await checkAuditReadModel(this.eventStore, this.documentStore, this.runtime.audit.position());
    write({ type: 'read_model', checked: checkedRows.checked, first_mismatch: checkedRows.firstMismatch });
    res.end();
  }
}
