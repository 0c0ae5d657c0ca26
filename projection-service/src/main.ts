import 'reflect-metadata';
import { runReadService } from '@cn/platform';
import { ProjectionServiceModule } from './projection-service.module';
import { startProjectionService } from './projection-service';
import { httpChatCommandSink } from './chat/http-chat-command-sink';

/**
 * The projection service as its own process: query API, projectors, the realtime socket and the chat
 * socket, whose writes go to the command service named by COMMAND_SERVICE_URL (without it the chat socket
 * only reads).
 */
runReadService('projection-service', (infra) => ProjectionServiceModule.register(infra), (app, infra) => {
  const commandService = process.env.COMMAND_SERVICE_URL;
  return startProjectionService(app, infra, commandService ? { chatCommands: httpChatCommandSink(commandService, infra.config.session) } : {});
});
