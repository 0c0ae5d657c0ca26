import { Module } from '@nestjs/common';
import { ActivateDesignHandler } from './activating-design/activate-design.command';
import { CreateDesignHandler } from './creating-design/create-design.command';
import { DeleteDesignHandler } from './deleting-design/delete-design.command';
import { Designs } from './designs.command';
import { DesignsController } from './designs.controller';
import { EditDesignHandler } from './editing-design/edit-design.command';

/** Designs of the network and of groups: create, edit, activate (one per scope), delete. */
@Module({
  controllers: [DesignsController],
  providers: [Designs, CreateDesignHandler, EditDesignHandler, ActivateDesignHandler, DeleteDesignHandler],
})
export class DesignsModule {}
