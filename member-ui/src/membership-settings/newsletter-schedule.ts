import { NEWSLETTER_COLLECTION, type NewsletterScheduleDto } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

export const newsletterScheduleKeys = { all: ['newsletter-schedule'] as const };

/** GET /api/v1/newsletter: when the network's newsletter goes out */
export const newsletterScheduleApi = (api: ApiClient) => ({
  get: () => api.request<NewsletterScheduleDto>('GET', '/api/v1/newsletter'),
});

/** an administrator changed the newsletter's schedule: the settings page tells the new one */
export const newsletterScheduleLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== NEWSLETTER_COLLECTION) return;
  void client.invalidateQueries({ queryKey: newsletterScheduleKeys.all });
};

/** a weekday's name in the console's language (2026-11-30 was a Monday) */
const weekdayName = (day: string, language: string): string => {
  const offset = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(day);
  return new Date(Date.UTC(2026, 10, 30 + Math.max(0, offset), 12)).toLocaleDateString(language, { weekday: 'long', timeZone: 'UTC' });
};

/** the translation key and values that tell a schedule in words */
export const scheduleWording = (schedule: NewsletterScheduleDto, language: string, timeName: (time: string) => string): { key: string; values: Record<string, string> } => {
  if (!schedule.enabled) return { key: 'membership_settings.newsletter_schedule.off', values: {} };
  const day = typeof schedule.day === 'string' ? weekdayName(schedule.day, language) : String(schedule.day);
  const time = timeName(schedule.time);
  switch (schedule.interval) {
    case 'weekly':
      return { key: 'membership_settings.newsletter_schedule.weekly', values: { day, time } };
    case 'monthly':
      return { key: 'membership_settings.newsletter_schedule.monthly', values: { day, time } };
    case 'semimonthly':
      return {
        key: 'membership_settings.newsletter_schedule.semimonthly',
        values: { day, time, second_day: String(schedule.second_day ?? ''), second_time: timeName(schedule.second_time ?? schedule.time) },
      };
    default:
      return { key: 'membership_settings.newsletter_schedule.off', values: {} };
  }
};
