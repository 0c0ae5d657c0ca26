import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { LegalController } from './legal.controller';
import { legalReadSide } from './legal.read-side';

/** The imprint, the legal texts with their versions, and the consent ledger. */
@Module({ controllers: [LegalController] })
export class LegalModule {}

export const legalFeature: ProjectionFeature = { module: LegalModule, ...legalReadSide };
