import { DEFAULT_NEWSLETTER_SETTINGS, DEFAULT_NEWSLETTER_TEMPLATE, newsletterTemplateErrors, type NewsletterEvent, type NewsletterSettings, type NewsletterTemplate } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface NewsletterState {
  settings: NewsletterSettings;
  /** how many times each part was saved: the revision its form is read at */
  settings_revision: number;
  order: string[];
  order_revision: number;
  template: NewsletterTemplate;
  template_revision: number;
}

export type NewsletterCommand =
  | ({ type: 'ChangeNewsletterSettings'; revision: number } & NewsletterSettings)
  | {
      type: 'UpdateUpcomingActivities';
      order: string[];
      /** omitted: the order as it is now, whoever saved last (the spec's body is the order alone) */
      revision: number | undefined;
      /** the ids of the order that name no appointment (looked up by the handler) */
      unknown_ids: string[];
    }
  | ({ type: 'ChangeNewsletterTemplate'; revision: number } & NewsletterTemplate);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** a change never silently undoes another one saved since its form was read */
const checkRevision = (asked: number | undefined, current: number): void => {
  if (asked !== undefined && asked !== current) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
};

export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = {
  initialState: () => ({
    settings: DEFAULT_NEWSLETTER_SETTINGS,
    settings_revision: 0,
    order: [],
    order_revision: 0,
    template: DEFAULT_NEWSLETTER_TEMPLATE,
    template_revision: 0,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NewsletterSettingsChanged':
        return { ...state, settings: event.data.settings, settings_revision: state.settings_revision + 1 };
      case 'NewsletterUpcomingActivitiesOrdered':
        return { ...state, order: event.data.order, order_revision: state.order_revision + 1 };
      case 'NewsletterTemplateChanged':
        return { ...state, template: event.data.template, template_revision: state.template_revision + 1 };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeNewsletterSettings': {
        checkRevision(command.revision, state.settings_revision);
        const { enabled, interval, day, second_day, time, second_time } = command;
        const settings: NewsletterSettings = { enabled, interval, day, second_day, time, second_time };
        if (sameJson(settings, state.settings)) return [];
        return [{ type: 'NewsletterSettingsChanged', data: { settings } }];
      }
      case 'UpdateUpcomingActivities': {
        checkRevision(command.revision, state.order_revision);
        if (command.unknown_ids.length > 0) throw new DomainError('unknown_activity', 'invalid', 'order');
        if (sameJson(command.order, state.order)) return [];
        return [{ type: 'NewsletterUpcomingActivitiesOrdered', data: { order: command.order } }];
      }
      case 'ChangeNewsletterTemplate': {
        checkRevision(command.revision, state.template_revision);
        const { design, body, css, js, fonts } = command;
        // the schema checked the placeholders already; the decider keeps the rule whoever calls it
        const [first] = newsletterTemplateErrors(body);
        if (first) throw new DomainError(first, 'invalid', 'body');
        const template: NewsletterTemplate = { design, body, css, js, fonts };
        if (sameJson(template, state.template)) return [];
        return [{ type: 'NewsletterTemplateChanged', data: { template } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
