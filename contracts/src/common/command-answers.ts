import { z } from 'zod';
import type { CommandAccepted } from './errors';

/** The answer of a command, `{ position }`: the global position to send back as X-Consistency-Position. */
export const commandAcceptedSchema = z.object({ position: z.number().int() }) satisfies z.ZodType<CommandAccepted>;
