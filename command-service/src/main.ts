import 'reflect-metadata';
import { createInfrastructure, loadConfig, runService, RELAY_CHECKPOINTS_COLLECTION, startKafkaRelay, type KafkaRelay } from '@cn/platform';
import { startCommandService } from './command-service';

/** The command service as its own process (behind the gateway, beside the projection service and the search indexer). */
runService('command-service', async () => {
  const config = loadConfig(process.env);
  const infra = await createInfrastructure(config, { service: 'command-service' });
  // the relay publishes the event store's log to Kafka; the command service owns the write side
  const relay: KafkaRelay | null = config.kafkaBrokers
    ? await startKafkaRelay({
        eventStore: infra.eventStore,
        brokers: config.kafkaBrokers,
        topic: config.kafkaTopic,
        partitions: config.kafkaPartitions,
        checkpoints: infra.documentStore.collection(RELAY_CHECKPOINTS_COLLECTION),
        logger: infra.logger,
      })
    : null;
  const service = await startCommandService(infra);
  return {
    logger: infra.logger,
    stop: async () => {
      await service.stop();
      await relay?.stop();
      await infra.close();
    },
  };
});
