import { Module } from '@nestjs/common';
import { AcceptLegalTextHandler } from './accepting-legal-text/accept-legal-text.command';
import { AcceptLegalTextController } from './accepting-legal-text/accept-legal-text.controller';
import { ChangeImprintHandler } from './changing-imprint/change-imprint.command';
import { ChangeImprintController } from './changing-imprint/change-imprint.controller';
import { CreateLegalTextHandler } from './creating-legal-text/create-legal-text.command';
import { CreateLegalTextController } from './creating-legal-text/create-legal-text.controller';
import { DeleteLegalTextHandler } from './deleting-legal-text/delete-legal-text.command';
import { EditLegalTextHandler } from './editing-legal-text/edit-legal-text.command';
import { EditLegalTextController } from './editing-legal-text/edit-legal-text.controller';
import { LegalTexts } from './legal-texts.command';

/** The imprint, the legal texts with their immutable versions, and the members' consents. */
@Module({
  controllers: [ChangeImprintController, CreateLegalTextController, EditLegalTextController, AcceptLegalTextController],
  providers: [LegalTexts, ChangeImprintHandler, CreateLegalTextHandler, EditLegalTextHandler, DeleteLegalTextHandler, AcceptLegalTextHandler],
})
export class LegalModule {}
