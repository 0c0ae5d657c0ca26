import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { PagesController } from './pages.controller';
import { pagesReadSide } from './pages.read-side';

/** Pages (/pages/{slug}): the read model, its routes and its live changes. */
@Module({ controllers: [PagesController] })
export class PagesModule {}

export const pagesFeature: ProjectionFeature = { module: PagesModule, ...pagesReadSide };
