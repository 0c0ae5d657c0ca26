import { Module } from '@nestjs/common';
import { CreatePageHandler } from './creating-page/create-page.command';
import { CreatePageController } from './creating-page/create-page.controller';
import { DeletePageHandler } from './deleting-page/delete-page.command';
import { EditPageHandler } from './editing-page/edit-page.command';
import { EditPageController } from './editing-page/edit-page.controller';
import { Pages } from './pages.command';
import { RestorePageVersionHandler } from './restoring-page-version/restore-page-version.command';
import { RestorePageVersionController } from './restoring-page-version/restore-page-version.controller';

/** Pages (/pages/{slug}): administrators create, edit, restore earlier versions of and delete them. */
@Module({
  controllers: [CreatePageController, EditPageController, RestorePageVersionController],
  providers: [Pages, CreatePageHandler, EditPageHandler, RestorePageVersionHandler, DeletePageHandler],
})
export class PagesModule {}
