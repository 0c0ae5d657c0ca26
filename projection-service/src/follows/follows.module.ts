import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { FollowsController } from './follows.controller';
import { followsReadSide } from './follows.read-side';

/** Following members: whom each member follows, and their follow state on a member page (docs/MEMBERS.md). */
@Module({ controllers: [FollowsController] })
export class FollowsModule {}

export const followsFeature: ProjectionFeature = { module: FollowsModule, ...followsReadSide };
