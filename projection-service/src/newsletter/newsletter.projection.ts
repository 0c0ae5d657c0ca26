import { DEFAULT_NEWSLETTER_SETTINGS, DEFAULT_NEWSLETTER_TEMPLATE, eventOf, newsletterEvents, type NewsletterSettings, type NewsletterTemplate } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export const NEWSLETTER_ID = 'network';

/** The newsletter's settings, order and template as the admin console reads them; revisions count saves like the decider. */
export interface NewsletterDocument extends ProjectedDocument {
  settings: NewsletterSettings;
  settings_revision: number;
  settings_updated_at: string | null;
  order: string[];
  order_revision: number;
  template: NewsletterTemplate;
  template_revision: number;
  template_updated_at: string | null;
  /** the sending slots that went out (NewsletterSent), newest last */
  sent_slots: string[];
}

export const emptyNewsletterDocument = (): NewsletterDocument => ({
  _id: NEWSLETTER_ID,
  _position: 0,
  settings: DEFAULT_NEWSLETTER_SETTINGS,
  settings_revision: 0,
  settings_updated_at: null,
  order: [],
  order_revision: 0,
  template: DEFAULT_NEWSLETTER_TEMPLATE,
  template_revision: 0,
  template_updated_at: null,
  sent_slots: [],
});

/** how many sent slots the document remembers (the stream keeps them all) */
const SENT_SLOTS_KEPT = 50;

export const newsletterProjection: Projection<NewsletterDocument> = {
  name: 'newsletter',
  version: 1,
  eventTypes: newsletterEvents.map((definition) => definition.type),
  documentIds: () => [NEWSLETTER_ID],
  evolve(doc, recorded) {
    // revisions count events: one seen already (a replay) is not counted twice
    if (doc && doc._position >= recorded.position) return doc;
    const event = eventOf(newsletterEvents, recorded);
    if (!event) return doc;
    const current = doc ?? emptyNewsletterDocument();
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'NewsletterSettingsChanged':
        return { ...current, settings: event.data.settings, settings_revision: current.settings_revision + 1, settings_updated_at: at };
      case 'NewsletterUpcomingActivitiesOrdered':
        return { ...current, order: event.data.order, order_revision: current.order_revision + 1 };
      case 'NewsletterTemplateChanged':
        return { ...current, template: event.data.template, template_revision: current.template_revision + 1, template_updated_at: at };
      case 'NewsletterSent':
        return { ...current, sent_slots: [...current.sent_slots, event.data.slot].slice(-SENT_SLOTS_KEPT) };
      default:
        return current;
    }
  },
};
