// @cn/platform/projections: the projection runner that keeps read models up to date.
export * from './projection';
export * from './projection-runner';
export * from './time-travel';
export * from './shared-reader';
export * from './stored-checkpoint';
export * from './version-sweep';
export * from './reactor-service';
export * from './partitioned-switch';
