import { z } from 'zod';
import { eventRegistry, upcastEventData } from '@cn/contracts';
import type { RecordedEvent } from './event-store';

/** An event read from the log that does not match its registered schema: a loud error, never a silent skip. */
export class InvalidEventError extends Error {
  constructor(
    readonly type: string,
    readonly position: number,
    readonly problem: string,
  ) {
    super(`event ${type} at position ${position} does not match its registered schema: ${problem}`);
    this.name = 'InvalidEventError';
  }
}

/** events already upcast and checked (the objects are shared by the readers of one read, never changed) */
const checked = new WeakSet<RecordedEvent>();

/**
 * The one step every reader takes (the command path through withUpcasting, the projectors): the event
 * upcast from the version it was written in (`metadata.schemaVersion`) to the registered one, then its data
 * checked against the registered schema. Types the registry does not know (a newer writer, tests) pass as
 * they are. Answers the same object when nothing changed.
 */
export const readEvent = (event: RecordedEvent): RecordedEvent => {
  // an event read through the wrapped store reaches a projector already checked: it is not parsed twice
  if (checked.has(event)) return event;
  const definition = eventRegistry.get(event.type);
  if (!definition) return event;
  const upcast = upcastEventData(event.type, event.metadata.schemaVersion, event.data);
  const result = z.safeParse(definition.schema, upcast.data);
  if (!result.success) throw new InvalidEventError(event.type, event.position, z.prettifyError(result.error));
  const read = upcast.schemaVersion === event.metadata.schemaVersion ? event : { ...event, data: upcast.data, metadata: { ...event.metadata, schemaVersion: upcast.schemaVersion } };
  checked.add(read);
  return read;
};
