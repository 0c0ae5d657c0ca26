import { DEFAULT_NEWSLETTER_SETTINGS, DEFAULT_NEWSLETTER_TEMPLATE, type NewsletterEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { newsletterDecider, type NewsletterCommand } from './newsletter.decider';

const spec = deciderSpecification(newsletterDecider);
const semimonthly = { ...DEFAULT_NEWSLETTER_SETTINGS, enabled: true, interval: 'semimonthly' as const, day: 1, second_day: 15, time: 'am' as const, second_time: 'pm' as const };
const settingsChanged: NewsletterEvent = { type: 'NewsletterSettingsChanged', data: { settings: semimonthly } };
const template = { ...DEFAULT_NEWSLETTER_TEMPLATE, body: '<h1>News</h1>{{content}}<p>{{disclaimer}}</p>', css: 'h1 { color: red }' };

describe('newsletterDecider', () => {
  it('records changed settings at the revision they were read at, and nothing for unchanged ones', () => {
    spec.given([]).when({ type: 'ChangeNewsletterSettings', revision: 0, ...semimonthly }).then([settingsChanged]);
    spec.given([settingsChanged]).when({ type: 'ChangeNewsletterSettings', revision: 1, ...semimonthly }).then([]);
  });

  it('refuses a stale revision of any part as a conflict', () => {
    expect(spec.given([settingsChanged]).when({ type: 'ChangeNewsletterSettings', revision: 0, ...DEFAULT_NEWSLETTER_SETTINGS }).thenRefused('concurrency_conflict').kind).toBe('conflict');
    const ordered: NewsletterEvent = { type: 'NewsletterUpcomingActivitiesOrdered', data: { order: ['a1'] } };
    const reorder: NewsletterCommand = { type: 'UpdateUpcomingActivities', order: ['a2', 'a1'], revision: 0, unknown_ids: [] };
    expect(spec.given([ordered]).when(reorder).thenRefused('concurrency_conflict').field).toBe('revision');
    expect(spec.given([{ type: 'NewsletterTemplateChanged', data: { template } }]).when({ type: 'ChangeNewsletterTemplate', revision: 0, ...template }).thenRefused('concurrency_conflict').kind).toBe('conflict');
  });

  it('orders existing activities (without a revision: whoever saved last) and refuses unknown ids on the order field', () => {
    spec.given([]).when({ type: 'UpdateUpcomingActivities', order: ['a2', 'a1'], revision: undefined, unknown_ids: [] }).then([{ type: 'NewsletterUpcomingActivitiesOrdered', data: { order: ['a2', 'a1'] } }]);
    const refused = spec.given([]).when({ type: 'UpdateUpcomingActivities', order: ['a1', 'gone'], revision: undefined, unknown_ids: ['gone'] }).thenRefused('unknown_activity');
    expect([refused.kind, refused.field]).toEqual(['invalid', 'order']);
  });

  it('saves a template with both placeholders and refuses one without them', () => {
    spec.given([]).when({ type: 'ChangeNewsletterTemplate', revision: 0, ...template }).then([{ type: 'NewsletterTemplateChanged', data: { template } }]);
    expect(spec.given([]).when({ type: 'ChangeNewsletterTemplate', revision: 0, ...template, body: '{{disclaimer}}' }).thenRefused('content_placeholder_missing').field).toBe('body');
    spec.given([]).when({ type: 'ChangeNewsletterTemplate', revision: 0, ...template, body: '{{content}}{{content}}{{disclaimer}}' }).thenRefused('content_placeholder_missing');
    spec.given([]).when({ type: 'ChangeNewsletterTemplate', revision: 0, ...template, body: '{{content}}' }).thenRefused('disclaimer_placeholder_missing');
  });
});
