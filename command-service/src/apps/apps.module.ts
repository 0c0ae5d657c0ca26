import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { AppCommands } from './app-commands';
import { AssignmentMailReactor } from './assignment-mails.reactor';
import { ArchiveItemHandler } from './archiving-items/archive-item.command';
import { ArchiveItemController } from './archiving-items/archive-item.controller';
import { ChangeEmailIntegrationsHandler } from './changing-email-integrations/change-email-integrations.command';
import { ChangeEmailIntegrationsController } from './changing-email-integrations/change-email-integrations.controller';
import { ChangeTeaserTemplateHandler } from './changing-teaser-template/change-teaser-template.command';
import { ChangeTeaserTemplateController } from './changing-teaser-template/change-teaser-template.controller';
import { CreateAppHandler } from './creating-apps/create-app.command';
import { CreateAppController } from './creating-apps/create-app.controller';
import { CreateItemHandler } from './creating-items/create-item.command';
import { CreateItemController } from './creating-items/create-item.controller';
import { ChangeLayoutHandler, DefinePropertyHandler, RemovePropertyHandler } from './defining-properties/define-property.command';
import { DefinePropertyController } from './defining-properties/define-property.controller';
import { EditItemHandler } from './editing-items/edit-item.command';
import { EditItemController } from './editing-items/edit-item.controller';
import { MoveItemHandler } from './moving-items/move-item.command';
import { MoveItemController } from './moving-items/move-item.controller';
import { MarkTaskHandler } from './marking-tasks/mark-task.command';
import { MarkTaskController } from './marking-tasks/mark-task.controller';

/**
 * Apps: definitions (the property-set editor), items through generated forms, the kanban wall; the
 * members' own marks on tasks; the assignment mails and the email integrations' mails (a reactor). File and image values are checked with
 * the files module's rule.
 */
@Module({
  imports: [FilesModule],
  controllers: [CreateAppController, DefinePropertyController, CreateItemController, EditItemController, MoveItemController, ArchiveItemController, MarkTaskController, ChangeTeaserTemplateController, ChangeEmailIntegrationsController],
  providers: [
    AppCommands,
    CreateAppHandler,
    DefinePropertyHandler,
    RemovePropertyHandler,
    ChangeLayoutHandler,
    ChangeTeaserTemplateHandler,
    ChangeEmailIntegrationsHandler,
    CreateItemHandler,
    EditItemHandler,
    MoveItemHandler,
    ArchiveItemHandler,
    MarkTaskHandler,
    AssignmentMailReactor,
  ],
})
export class AppsModule {}
