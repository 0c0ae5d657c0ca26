import { describe, expect, it } from '@jest/globals';
import { KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { rejoinable } from './kafka-event-bus';

describe('rejoinable (a commit refused after the group moved on)', () => {
  const protocolError = (type: string): KafkaJSProtocolError => new KafkaJSProtocolError({ message: type, type, code: 25, retriable: false } as unknown as Error);

  /** what KafkaJS's retrier throws when it gives up on an error it may not retry */
  const givenUp = (cause: Error): KafkaJSNonRetriableError => Object.assign(new KafkaJSNonRetriableError(cause), { cause });

  it('unwraps the protocol error KafkaJS joins again on from its retrier\'s non-retriable wrapper', () => {
    const cause = protocolError('UNKNOWN_MEMBER_ID');
    const wrapped = givenUp(cause);
    expect(rejoinable(wrapped)).toBe(cause);
    expect(rejoinable(givenUp(protocolError('ILLEGAL_GENERATION')))).toMatchObject({ type: 'ILLEGAL_GENERATION' });
  });

  it('leaves any other error as it is (it still ends the consumer)', () => {
    const cause = protocolError('TOPIC_AUTHORIZATION_FAILED');
    const wrapped = givenUp(cause);
    expect(rejoinable(wrapped)).toBe(wrapped);
    const plain = new Error('disk full');
    expect(rejoinable(plain)).toBe(plain);
  });
});
