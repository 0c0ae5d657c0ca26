import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { WEEKDAYS } from '../common/constants';
import { DIGEST_TIMES_OF_DAY } from '../membership-settings/membership-settings';

/*
 * The network's newsletter (issue 14): when it goes out (interval and sending days), which upcoming
 * appointments it lists first (the administrators' order) and the template it is rendered in. Members
 * receive it when their membership settings' `email_newsletter` allows.
 */

/** The network's one newsletter: settings, order and template decided in one place. */
export const newsletterStream = (): string => 'newsletter';

export const NEWSLETTER_INTERVALS = ['weekly', 'semimonthly', 'monthly'] as const;
export type NewsletterInterval = (typeof NEWSLETTER_INTERVALS)[number];
/** the sending times: the digests' am, pm and lpm (late afternoon) in the network's zone */
export const NEWSLETTER_TIMES = Object.keys(DIGEST_TIMES_OF_DAY) as ['am', 'pm', 'lpm'];
export type NewsletterTime = (typeof NEWSLETTER_TIMES)[number];
export type NewsletterDay = (typeof WEEKDAYS)[number] | number;
export const MONTH_DAY_MIN = 1;
export const MONTH_DAY_MAX = 31;
/** the spec's defaults: monday for a weekly newsletter, the 1st for a monthly one, the 15th as the second day, am */
export const NEWSLETTER_DEFAULT_WEEKDAY = 'mon' as const;
export const NEWSLETTER_DEFAULT_MONTH_DAY = 1;
export const NEWSLETTER_DEFAULT_SECOND_DAY = 15;
export const NEWSLETTER_DEFAULT_TIME: NewsletterTime = 'am';
export const NEWSLETTER_ORDER_MAX = 100;
export const NEWSLETTER_TEMPLATE_MAX = 100_000;
export const NEWSLETTER_ASSET_MAX = 50_000;

/** where a sent newsletter puts its upcoming activities: exactly once in the body */
export const NEWSLETTER_CONTENT_PLACEHOLDER = '{{content}}';
/** where it puts the disclaimer with the link to the member's settings: at least once */
export const NEWSLETTER_DISCLAIMER_PLACEHOLDER = '{{disclaimer}}';
export const NEWSLETTER_TEMPLATE_ERROR_KEYS = ['content_placeholder_missing', 'disclaimer_placeholder_missing'] as const;
export type NewsletterTemplateErrorKey = (typeof NEWSLETTER_TEMPLATE_ERROR_KEYS)[number];

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/** Both placeholder rules at once (the admin console shows the two errors together, the server answers both). */
export const newsletterTemplateErrors = (body: string): NewsletterTemplateErrorKey[] => [
  ...(occurrences(body, NEWSLETTER_CONTENT_PLACEHOLDER) === 1 ? [] : (['content_placeholder_missing'] as const)),
  ...(occurrences(body, NEWSLETTER_DISCLAIMER_PLACEHOLDER) >= 1 ? [] : (['disclaimer_placeholder_missing'] as const)),
];

/** which values the day selectors offer for an interval: weekdays for weekly, days of the month otherwise */
export const newsletterDaysOf = (interval: NewsletterInterval): readonly NewsletterDay[] =>
  interval === 'weekly' ? WEEKDAYS : Array.from({ length: MONTH_DAY_MAX }, (_, index) => index + MONTH_DAY_MIN);

export const isNewsletterDayOf = (interval: NewsletterInterval, day: unknown): boolean =>
  interval === 'weekly' ? typeof day === 'string' && (WEEKDAYS as readonly string[]).includes(day) : typeof day === 'number' && Number.isInteger(day) && day >= MONTH_DAY_MIN && day <= MONTH_DAY_MAX;

/** the day the selector jumps to when the interval changes to one whose days differ */
export const defaultNewsletterDayOf = (interval: NewsletterInterval): NewsletterDay => (interval === 'weekly' ? NEWSLETTER_DEFAULT_WEEKDAY : NEWSLETTER_DEFAULT_MONTH_DAY);

const revision = z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' });
const day = z.union([z.enum(WEEKDAYS), z.number().int()], { message: 'invalid_value' });
const time = z.enum(NEWSLETTER_TIMES, { message: 'invalid_value' });

const newsletterSettingsShape = z
  .object({
    /** no newsletter goes out until an administrator switches it on */
    enabled: z.boolean({ message: 'invalid_type' }),
    interval: z.enum(NEWSLETTER_INTERVALS, { message: 'invalid_value' }),
    day,
    /** semimonthly only: the second sending day and time (null otherwise) */
    second_day: day.nullable(),
    time,
    second_time: time.nullable(),
  })
  .strict();

/** the days must fit the interval; a semimonthly newsletter needs its second day and time, others have none */
const checkDays = (settings: z.output<typeof newsletterSettingsShape>, context: z.RefinementCtx): void => {
  if (!isNewsletterDayOf(settings.interval, settings.day)) context.addIssue({ code: 'custom', path: ['day'], message: 'invalid_value' });
  if (settings.interval === 'semimonthly') {
    if (settings.second_day === null) context.addIssue({ code: 'custom', path: ['second_day'], message: 'required' });
    else if (!isNewsletterDayOf('semimonthly', settings.second_day)) context.addIssue({ code: 'custom', path: ['second_day'], message: 'invalid_value' });
    else if (settings.second_day === settings.day) context.addIssue({ code: 'custom', path: ['second_day'], message: 'invalid_value' });
    if (settings.second_time === null) context.addIssue({ code: 'custom', path: ['second_time'], message: 'required' });
  }
};

export const newsletterSettingsSchema = newsletterSettingsShape.superRefine(checkDays);
export type NewsletterSettings = z.output<typeof newsletterSettingsSchema>;

export const DEFAULT_NEWSLETTER_SETTINGS: NewsletterSettings = {
  enabled: false,
  interval: 'weekly',
  day: NEWSLETTER_DEFAULT_WEEKDAY,
  second_day: null,
  time: NEWSLETTER_DEFAULT_TIME,
  second_time: null,
};

/** PUT /administration/newsletter/settings: the settings at the revision the form was read at (409 when saved since) */
export const changeNewsletterSettingsRequestSchema = newsletterSettingsShape
  .extend({ second_day: day.nullable().default(null), second_time: time.nullable().default(null), revision })
  .strict()
  .superRefine(checkDays)
  // only a semimonthly newsletter keeps a second day: a form switching back to weekly cannot leave one behind
  .transform((body) => (body.interval === 'semimonthly' ? body : { ...body, second_day: null, second_time: null }));

/** POST /administration/newsletter/settings/update_upcoming_activities: appointment ids, first shown first */
export const updateUpcomingActivitiesRequestSchema = z
  .object({
    order: z
      .array(z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(200, { message: 'too_long' }), { message: 'required' })
      .max(NEWSLETTER_ORDER_MAX, { message: 'too_big' })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_value' }),
    revision: revision.optional(),
  })
  .strict();

const asset = z.string({ message: 'invalid_type' }).max(NEWSLETTER_ASSET_MAX, { message: 'too_long' });

const newsletterTemplateShape = z
  .object({
    /** the design (colours, logo) the newsletter borrows: a design id, or '' for the network's */
    design: z.string({ message: 'invalid_type' }).trim().max(100, { message: 'too_long' }),
    /** HTML with the content placeholder exactly once and the disclaimer placeholder at least once */
    body: z.string({ message: 'invalid_type' }).max(NEWSLETTER_TEMPLATE_MAX, { message: 'too_long' }),
    /** kept for the preview; the mail carries it only as inert style text */
    css: asset,
    /** kept for the preview frame only (sandboxed there); never put into a mail */
    js: asset,
    /** font families, comma separated */
    fonts: z.string({ message: 'invalid_type' }).max(500, { message: 'too_long' }),
  })
  .strict();

const checkPlaceholders = (template: { body: string }, context: z.RefinementCtx): void => {
  for (const key of newsletterTemplateErrors(template.body)) context.addIssue({ code: 'custom', path: ['body'], message: key });
};

export const newsletterTemplateSchema = newsletterTemplateShape.superRefine(checkPlaceholders);
export type NewsletterTemplate = z.output<typeof newsletterTemplateSchema>;

/** PUT /administration/newsletter/template */
export const changeNewsletterTemplateRequestSchema = newsletterTemplateShape.extend({ revision }).strict().superRefine(checkPlaceholders);

export const DEFAULT_NEWSLETTER_TEMPLATE: NewsletterTemplate = {
  design: '',
  body: `<h1>Newsletter</h1>\n${NEWSLETTER_CONTENT_PLACEHOLDER}\n<hr>\n${NEWSLETTER_DISCLAIMER_PLACEHOLDER}`,
  css: '',
  js: '',
  fonts: '',
};

/* ---- events ---- */

export const NewsletterSettingsChanged = defineEvent('NewsletterSettingsChanged', 1, z.object({ settings: newsletterSettingsShape }));
export const NewsletterUpcomingActivitiesOrdered = defineEvent('NewsletterUpcomingActivitiesOrdered', 1, z.object({ order: z.array(z.string()) }));
export const NewsletterTemplateChanged = defineEvent('NewsletterTemplateChanged', 1, z.object({ template: newsletterTemplateShape }));
/** One sending slot (`<ISO instant>`) went out: how many members it was mailed to. Recorded once per slot. */
export const NewsletterSent = defineEvent('NewsletterSent', 1, z.object({ slot: z.string(), recipients: z.number().int().min(0) }));

export const newsletterEvents = [NewsletterSettingsChanged, NewsletterUpcomingActivitiesOrdered, NewsletterTemplateChanged, NewsletterSent] as const;
export type NewsletterEvent = EventOf<(typeof newsletterEvents)[number]>;

/* ---- answers ---- */

export const newsletterSettingsDtoSchema = newsletterSettingsShape.extend({ revision: z.number().int(), updated_at: z.string().nullable() });
export type NewsletterSettingsDto = z.infer<typeof newsletterSettingsDtoSchema>;

export const upcomingActivityDtoSchema = z.object({ id: z.string(), name: z.string(), start: z.string(), ordered: z.boolean() });
export type UpcomingActivityDto = z.infer<typeof upcomingActivityDtoSchema>;
/** GET /administration/newsletter/settings/upcoming_activities: the saved order, then the other upcoming appointments by start */
export const upcomingActivitiesDtoSchema = z.object({ order: z.array(z.string()), revision: z.number().int(), activities: z.array(upcomingActivityDtoSchema) });
export type UpcomingActivitiesDto = z.infer<typeof upcomingActivitiesDtoSchema>;

export const newsletterTemplateDtoSchema = newsletterTemplateShape.extend({ revision: z.number().int(), updated_at: z.string().nullable() });
export type NewsletterTemplateDto = z.infer<typeof newsletterTemplateDtoSchema>;

/** GET /api/v1/newsletter: when the newsletter goes out, for the members' settings page (no template, no order) */
export const newsletterScheduleDtoSchema = newsletterSettingsShape;
export type NewsletterScheduleDto = z.infer<typeof newsletterScheduleDtoSchema>;
