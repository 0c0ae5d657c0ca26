import type { Type } from '@nestjs/common';
import type { Projection } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';

/**
 * A feature of the read side: its Nest module (controllers, read services), the read models it projects,
 * and what it pushes to members' open consoles. Listed once, in features.ts.
 */
export interface ProjectionFeature {
  module: Type;
  /** read models whose documents carry personal data revealed (blanked by MemberErased) */
  readModels?: readonly Projection[];
  /** read models that keep personal data sealed as stored (the audit log), under a projector of their own */
  sealedReadModels?: readonly Projection[];
  /** realtime publishers of the feature's changes */
  publishers?: (infra: Infrastructure) => ChangePublisher[];
}

/** A feature without its Nest module: what the projectors (and a rebuild, which serves nothing) need of it. */
export type ProjectionReadSide = Omit<ProjectionFeature, 'module'>;
