import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AppItemChanged,
  AppItemCreated,
  appItemStream,
  appsEvents,
  composeTemplate,
  EMAIL_SUBJECT_TEMPLATE_MAX,
  erasedMemberNameIn,
  eventOf,
  itemTitleOf,
  renderTemplateParts,
  type AppItemEvent,
  type EmailIntegration,
  type PropertyDefinition,
} from '@cn/contracts';
import type { EventStore, ProjectedDocument, RecordedEvent } from '@cn/domain';
import { ReactorService, InjectPort, type DocumentStore, type DocumentCollection, type EventBus, type MailPort, type Projector } from '@cn/platform';
import { CommandLookup } from '../lookup/command-lookup';
import { AppCommands } from './app-commands';
import { evolveItem, itemDecider } from './apps.decider';
import { assigneesByProperty, plannedMails } from './assignment-mail-plan';
import { templateValues } from './template-values';

export const ASSIGNMENT_MAILS = 'command-service.assignment-mails';
/** one entry per mail sent: `<event id>:<member id>` (what makes a replayed event send nothing twice) */
export const ASSIGNMENT_MAILS_SENT = '_assignment_mails';

interface SentMail extends ProjectedDocument {
  sent_at: string;
}


const texts = {
  de: {
    assigned: (title: string) => `Dir zugewiesen: ${title}`,
    unassigned: (title: string) => `Nicht mehr dir zugewiesen: ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} hat dir „${title}“ in ${app} ${assigned ? 'zugewiesen' : 'abgenommen'}.\n\n${link}`,
  },
  en: {
    assigned: (title: string) => `Assigned to you: ${title}`,
    unassigned: (title: string) => `No longer assigned to you: ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} ${assigned ? 'assigned' : 'unassigned'} "${title}" in ${app} ${assigned ? 'to' : 'from'} you.\n\n${link}`,
  },
  es: {
    assigned: (title: string) => `Asignado a ti: ${title}`,
    unassigned: (title: string) => `Ya no está asignado a ti: ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} ${assigned ? 'te asignó' : 'te quitó'} «${title}» en ${app}.\n\n${link}`,
  },
  fr: {
    assigned: (title: string) => `Assigné à vous : ${title}`,
    unassigned: (title: string) => `Ne vous est plus assigné : ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} vous a ${assigned ? 'assigné' : 'retiré'} « ${title} » dans ${app}.\n\n${link}`,
  },
} as const;
type MailLanguage = keyof typeof texts;
const mailLanguage = (language: string): MailLanguage => (Object.keys(texts) as MailLanguage[]).find((known) => language.startsWith(known)) ?? 'en';
/** a mail's text is long, but not without end */
const EMAIL_TEXT_MAX = 20_000;



/**
 * The assign/unassign integration, a reactor on the log: for every item created or changed, each member
 * newly named in (or removed from) one of its membership properties gets one mail, never the member who
 * made the change. It follows the log with a checkpoint of its own, so a mail is sent after its change is
 * recorded and even when the command service stopped in between; each mail sent is written down by event
 * and recipient, so an event read again after a restart (the checkpoint moves after its batch) sends
 * nothing twice. A failing mail is logged and never undoes the change. On its very first start it begins at
 * the log's head: changes made before it existed were mailed by the request path.
 */
@Injectable()
export class AssignmentMailReactor extends ReactorService {
  protected readonly projector: Projector;
  private readonly sent: DocumentCollection<SentMail>;

  constructor(
    private readonly apps: AppCommands,
    private readonly lookup: CommandLookup,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('mail') private readonly mail: MailPort,
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('logger') private readonly logger: Logger,
  ) {
    super();
    this.sent = documentStore.collection<SentMail>(ASSIGNMENT_MAILS_SENT);
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, { name: ASSIGNMENT_MAILS, what: 'assignment mails', from: 'head', eventTypes: [AppItemCreated.type, AppItemChanged.type] });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      if (recorded.type !== AppItemCreated.type && recorded.type !== AppItemChanged.type) continue;
      const event = eventOf(appsEvents, recorded);
      if (event?.type !== 'AppItemCreated' && event?.type !== 'AppItemChanged') continue;
      const history = await this.eventStore.readStream(appItemStream(event.data.item_id));
      const before = history
        .filter((earlier) => earlier.revision < recorded.revision)
        .reduce((state, earlier) => evolveItem(state, { type: earlier.type, data: earlier.data } as AppItemEvent), itemDecider.initialState()).values;
      const app = await this.apps.app(event.data.app_id).catch(() => null);
      if (!app) continue;
      await this.mailChange(recorded, {
        appId: event.data.app_id,
        appName: app.name,
        itemId: event.data.item_id,
        properties: app.properties,
        integrations: app.email_integrations,
        before,
        after: { ...before, ...event.data.values },
        actorId: recorded.metadata.memberId ?? '',
      });
    }
  }

  private async mailChange(
    recorded: RecordedEvent,
    change: {
      appId: string;
      appName: string;
      itemId: string;
      properties: readonly PropertyDefinition[];
      integrations: readonly EmailIntegration[];
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      actorId: string;
    },
  ): Promise<void> {
    const planned = plannedMails(change.integrations, assigneesByProperty(change.properties, change.before), assigneesByProperty(change.properties, change.after), change.actorId);
    if (planned.length === 0) return;
    const settings = await this.lookup.networkSettings();
    const networkLanguage = settings.basic.language;
    const erasedName = erasedMemberNameIn(settings);
    const text = texts[mailLanguage(networkLanguage)];
    const nameOf = async (memberId: string): Promise<string> => {
      const member = await this.lookup.member(memberId);
      return member && !member.erased ? `${member.first_name} ${member.last_name}`.trim() : erasedName;
    };
    const actorName = await nameOf(change.actorId);
    const title = itemTitleOf(change.properties, change.after);
    const link = `/apps/${change.appId}/items/${change.itemId}`;
    const filled = templateValues(change.appName, change.properties, change.after, networkLanguage);
    const names = new Map<string, string>();
    for (const memberId of Object.values(filled.members).flat()) names.set(memberId, await nameOf(memberId));
    for (const { memberId, assigned, integration } of planned) {
      const key = integration ? `${recorded.id}:${memberId}:${integration.uuid}` : `${recorded.id}:${memberId}`;
      if (await this.sent.get(key)) continue;
      const recipient = await this.lookup.member(memberId);
      if (!recipient || recipient.erased || !recipient.email) continue;
      let mail = { subject: assigned ? text.assigned(title) : text.unassigned(title), text: text.body(actorName, title, change.appName, link, assigned) };
      if (integration) {
        const values = { ...filled.values, assignee: `${recipient.first_name} ${recipient.last_name}`.trim(), link };
        const render = (template: string, line: boolean, max: number) => composeTemplate(renderTemplateParts(template, values, filled.members), (id) => names.get(id) ?? erasedName, { line, max });
        mail = { subject: render(integration.email_subject_template, true, EMAIL_SUBJECT_TEMPLATE_MAX), text: render(integration.email_text_template, false, EMAIL_TEXT_MAX) };
      }
      try {
        await this.mail.send({ to: [recipient.email], ...mail });
        await this.sent.upsert({ _id: key, sent_at: this.clock().toISOString(), _position: recorded.position });
      } catch (error) {
        this.logger.warn({ err: error, item: change.itemId, reactor: ASSIGNMENT_MAILS }, 'assignment mail failed');
      }
    }
  }

  /** started beside the service: it catches up with what was recorded while it was down, then follows the bus */
}
