import { Module, type DynamicModule } from '@nestjs/common';
import type { Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME, projectionCoreProviders } from './core/projection-core';
import type { ProjectionFeature } from './core/projection-feature';
import { PROJECTION_FEATURES } from './features';
import { createProjectionRuntime, type ProjectionServiceRuntime } from './projection-runtime';

export { PROJECTION_RUNTIME };

/**
 * The query API: one Nest module per feature (features.ts), each given the read side's core providers; the
 * projectors are started by startProjectionService.
 */
@Module({})
export class ProjectionServiceModule {
  static register(
    infra: Infrastructure,
    runtime: ProjectionServiceRuntime = createProjectionRuntime(infra),
    features: readonly ProjectionFeature[] = PROJECTION_FEATURES,
  ): DynamicModule {
    const core = projectionCoreProviders(infra, runtime);
    return {
      module: ProjectionServiceModule,
      imports: features.map((feature): DynamicModule => ({ module: feature.module, providers: core })),
      providers: [{ provide: PROJECTION_RUNTIME, useValue: runtime }],
      exports: [PROJECTION_RUNTIME],
    };
  }
}
