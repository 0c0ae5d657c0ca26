import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { TagsController } from './tags.controller';
import { tagsReadSide } from './tags.read-side';

/** The network's tags: the tag picker's suggestions and the administration's list (issue 14). */
@Module({ controllers: [TagsController] })
export class TagsModule {}

export const tagsFeature: ProjectionFeature = { module: TagsModule, ...tagsReadSide };
