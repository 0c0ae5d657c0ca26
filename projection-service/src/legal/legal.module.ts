import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { LegalController } from './legal.controller';
import { imprintProjection, legalAcceptancesProjection, legalTextsProjection } from './legal.projection';
import { legalChangePublishers } from './legal.realtime';

/** The imprint, the legal texts with their versions, and the consent ledger. */
@Module({ controllers: [LegalController] })
export class LegalModule {}

export const legalFeature: ProjectionFeature = {
  module: LegalModule,
  readModels: [imprintProjection, legalTextsProjection, legalAcceptancesProjection],
  publishers: () => legalChangePublishers(),
};
