import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { StatisticsController } from './statistics.controller';
import { statisticsReadSide } from './statistics.read-side';

/** Statistics of the network and of each group, per day, from a read model every event feeds; pushed to who may read them. */
@Module({ controllers: [StatisticsController] })
export class StatisticsModule {}

export const statisticsFeature: ProjectionFeature = { module: StatisticsModule, ...statisticsReadSide };
