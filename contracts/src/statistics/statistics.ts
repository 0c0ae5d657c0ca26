import { z } from 'zod';

/** The longest range one statistics answer covers (a year and a day, so that a leap year fits). */
export const STATISTICS_MAX_DAYS = 366;
export const STATISTICS_DEFAULT_DAYS = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = z
  .string({ message: 'invalid_type' })
  .regex(DAY, { message: 'invalid_format' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { message: 'invalid_format' });

/** GET /administration/statistics and /groups/{slug}/administration/statistics: `from` and `to` are UTC days, both included. */
export const statisticsQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .strict()
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'too_small' });
    else if (span >= STATISTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'too_big' });
  });
export type StatisticsQuery = z.output<typeof statisticsQuerySchema>;

export const statisticsDaySchema = z.object({
  date: z.string(),
  /** members (of the network or the group) at the end of the day */
  members: z.number().int(),
  /** members who did anything that day (any event they caused) */
  active_members: z.number().int(),
  /** events recorded that day */
  events: z.number().int(),
  /** commands accepted that day (events of one command share its correlation id) */
  commands: z.number().int(),
});
export type StatisticsDay = z.infer<typeof statisticsDaySchema>;

export const statisticsResponseSchema = z.object({
  scope: z.enum(['network', 'group_category', 'group']),
  from: z.string(),
  to: z.string(),
  days: z.array(statisticsDaySchema),
  /** bytes of stored files, when the storage knows them (null: not known yet) */
  storage_bytes: z.number().int().nullable(),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

/**
 * the realtime topic a console's open statistics watch, and the collection a statistics push names (its id:
 * the group's, or NETWORK_STATISTICS_ID for the network's own days)
 */
export const STATISTICS_TOPIC = 'statistics';
export const STATISTICS_COLLECTION = 'statistics_days';
export const NETWORK_STATISTICS_ID = 'network';
/**
 * the topic the administration's network statistics page watches: the network's days change with every
 * event, so they go only to the page that shows them (not to a group's statistics, which watch `statistics`)
 */
export const NETWORK_STATISTICS_TOPIC = 'network_statistics';
