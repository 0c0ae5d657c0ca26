import { Module } from '@nestjs/common';
import { ChangeNewsletterSettingsHandler } from './changing-newsletter-settings/change-newsletter-settings.command';
import { ChangeNewsletterSettingsController } from './changing-newsletter-settings/change-newsletter-settings.controller';
import { ChangeNewsletterTemplateHandler } from './changing-newsletter-template/change-newsletter-template.command';
import { ChangeNewsletterTemplateController } from './changing-newsletter-template/change-newsletter-template.controller';
import { UpdateUpcomingActivitiesHandler } from './ordering-upcoming-activities/update-upcoming-activities.command';
import { UpdateUpcomingActivitiesController } from './ordering-upcoming-activities/update-upcoming-activities.controller';

/** The newsletter's settings, upcoming-activities order and template (the sending is on the read side). */
@Module({
  controllers: [ChangeNewsletterSettingsController, UpdateUpcomingActivitiesController, ChangeNewsletterTemplateController],
  providers: [ChangeNewsletterSettingsHandler, UpdateUpcomingActivitiesHandler, ChangeNewsletterTemplateHandler],
})
export class NewsletterModule {}
