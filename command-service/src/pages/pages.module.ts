import { Module } from '@nestjs/common';
import { CreatePageHandler } from './creating-page/create-page.command';
import { CreatePageController } from './creating-page/create-page.controller';
import { DeletePageHandler } from './deleting-page/delete-page.command';
import { EditPageHandler } from './editing-page/edit-page.command';
import { EditPageController } from './editing-page/edit-page.controller';
import { Pages } from './pages.command';

/** Pages (/pages/{slug}): administrators create, edit and delete them. */
@Module({
  controllers: [CreatePageController, EditPageController],
  providers: [Pages, CreatePageHandler, EditPageHandler, DeletePageHandler],
})
export class PagesModule {}
