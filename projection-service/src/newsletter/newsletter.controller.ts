import { Controller, Get, UseInterceptors } from '@nestjs/common';
import {
  newsletterScheduleDtoSchema,
  newsletterSettingsDtoSchema,
  newsletterTemplateDtoSchema,
  upcomingActivitiesDtoSchema,
  type NewsletterScheduleDto,
  type NewsletterSettingsDto,
  type NewsletterTemplateDto,
  type UpcomingActivitiesDto,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort } from '@cn/platform';
import { emptyNewsletterDocument, NEWSLETTER_ID, newsletterProjection, type NewsletterDocument } from './newsletter.projection';
import { inNewsletterOrder, upcomingInstances } from './upcoming-activities';

const tags = ['newsletter'];

const newsletterOf = async (store: DocumentStore): Promise<NewsletterDocument> =>
  (await store.collection<NewsletterDocument>(collectionName(newsletterProjection)).get(NEWSLETTER_ID)) ?? emptyNewsletterDocument();

/** The newsletter's forms in the admin console (administrators only, like the commands that save them). */
@Controller('administration/newsletter')
@UseInterceptors(ConsistencyInterceptor)
export class NewsletterController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  private newsletter(): Promise<NewsletterDocument> {
    return newsletterOf(this.documentStore);
  }

  @Get('settings')
  @Endpoint({
    summary: "The newsletter's interval, sending days and times, and the revision to save at",
    tags,
    auth: 'admin',
    responses: { 200: { description: 'NewsletterSettingsDto', schema: newsletterSettingsDtoSchema }, 401: 'signed out', 403: 'not a network administrator' },
  })
  async settings(): Promise<NewsletterSettingsDto> {
    const doc = await this.newsletter();
    return { ...doc.settings, revision: doc.settings_revision, updated_at: doc.settings_updated_at };
  }

  @Get('settings/upcoming_activities')
  @Endpoint({
    summary: "The upcoming appointments in the newsletter's order (the saved order first, then the others by start)",
    tags,
    auth: 'admin',
    responses: { 200: { description: 'UpcomingActivitiesDto', schema: upcomingActivitiesDtoSchema }, 401: 'signed out', 403: 'not a network administrator' },
  })
  async upcomingActivities(): Promise<UpcomingActivitiesDto> {
    const doc = await this.newsletter();
    const ordered = new Set(doc.order);
    const instances = inNewsletterOrder(await upcomingInstances(this.documentStore, this.clock()), doc.order);
    return {
      order: doc.order,
      revision: doc.order_revision,
      activities: instances.map((instance) => ({ id: instance.doc._id, name: instance.fields.name, start: instance.start, ordered: ordered.has(instance.doc._id) })),
    };
  }

  @Get('template')
  @Endpoint({
    summary: "The newsletter's template (design, body, css, js, fonts) and the revision to save at",
    tags,
    auth: 'admin',
    responses: { 200: { description: 'NewsletterTemplateDto', schema: newsletterTemplateDtoSchema }, 401: 'signed out', 403: 'not a network administrator' },
  })
  async template(): Promise<NewsletterTemplateDto> {
    const doc = await this.newsletter();
    return { ...doc.template, revision: doc.template_revision, updated_at: doc.template_updated_at };
  }
}

/** When the newsletter goes out, for every member's settings page (the newsletter tab). */
@Controller('api/v1/newsletter')
@UseInterceptors(ConsistencyInterceptor)
export class NewsletterScheduleController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: "When the network's newsletter goes out (whether it is on, the interval, days and times)",
    tags,
    auth: 'member',
    responses: { 200: { description: 'NewsletterScheduleDto', schema: newsletterScheduleDtoSchema }, 401: 'signed out' },
  })
  async schedule(): Promise<NewsletterScheduleDto> {
    return (await newsletterOf(this.documentStore)).settings;
  }
}
