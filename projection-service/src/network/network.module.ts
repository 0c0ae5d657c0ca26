import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { NetworkController } from './network.controller';
import { networkReadSide } from './network.read-side';

/** The network: its settings and what the current member may do (GET /api/v1/network). */
@Module({ controllers: [NetworkController] })
export class NetworkModule {}

export const networkFeature: ProjectionFeature = { module: NetworkModule, ...networkReadSide };
