import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { TranslationsController } from './translations.controller';

/** Machine translation of appointments (when TRANSLATION_URL is set). */
@Module({ controllers: [TranslationsController] })
export class TranslationsModule {}

export const translationsFeature: ProjectionFeature = {
  module: TranslationsModule,
};
