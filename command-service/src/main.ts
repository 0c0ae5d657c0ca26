import 'reflect-metadata';
import { createInfrastructure, loadConfig, startKafkaRelay, type KafkaRelay } from '@cn/platform';
import { startCommandService } from './command-service';

/** The command service as its own process (behind the gateway, beside the projection service and the search indexer). */
const main = async (): Promise<void> => {
  const config = loadConfig(process.env);
  const infra = await createInfrastructure(config, { service: 'command-service' });
  // the relay publishes the event store's log to Kafka; the command service owns the write side
  const relay: KafkaRelay | null = config.kafkaBrokers
    ? await startKafkaRelay({
        eventStore: infra.eventStore,
        brokers: config.kafkaBrokers,
        topic: config.kafkaTopic,
        checkpoints: infra.documentStore.collection('_relay_checkpoints'),
        logger: infra.logger,
      })
    : null;
  const service = await startCommandService(infra);

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    infra.logger.info({ signal }, 'shutting down');
    try {
      await service.stop();
      await relay?.stop();
      await infra.close();
      process.exit(0);
    } catch (error) {
      infra.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  process.stderr.write(`command service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
