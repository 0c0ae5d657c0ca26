import { Module } from '@nestjs/common';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import { MembershipSettingsController } from './membership-settings.controller';
import { membershipSettingsProjection } from './membership-settings.projection';
import { SubscriptionsController } from './subscriptions.controller';

/** Membership settings: which mails a member gets (the digest composer reads them). */
@Module({ controllers: [MembershipSettingsController, SubscriptionsController] })
export class MembershipSettingsModule {}

export const membershipSettingsFeature: ProjectionFeature = {
  module: MembershipSettingsModule,
  readModels: [membershipSettingsProjection],
  publishers: () => [
    {
      collection: collectionName(membershipSettingsProjection),
      // the member's own open settings pages read their settings again (a bounce, a reactivation, another tab)
      publish: (change, hub) => {
        hub.publishTo(change.id, { type: 'changed', collection: 'membership_settings', id: change.id, doc: { position: change.event.position } });
        return Promise.resolve();
      },
    },
  ],
};
