import 'reflect-metadata';
import { runReadService } from '@cn/platform';
import { ProjectionServiceModule } from './projection-service.module';
import { startProjectionService } from './projection-service';

/** The projection service as its own process: query API, projectors and the realtime socket. */
runReadService('projection-service', (infra) => ProjectionServiceModule.register(infra), startProjectionService);
