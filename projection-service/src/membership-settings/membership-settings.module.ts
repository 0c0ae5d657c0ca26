import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MembershipSettingsController } from './membership-settings.controller';
import { SubscriptionsController } from './subscriptions.controller';
import { membershipSettingsReadSide } from './membership-settings.read-side';

/** Membership settings: which mails a member gets (the digest composer reads them). */
@Module({ controllers: [MembershipSettingsController, SubscriptionsController] })
export class MembershipSettingsModule {}

export const membershipSettingsFeature: ProjectionFeature = { module: MembershipSettingsModule, ...membershipSettingsReadSide };
