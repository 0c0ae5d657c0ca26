import { Controller, Get, Module, UseInterceptors } from '@nestjs/common';
import { factorMethodAllowed, factorsResponseSchema, twoFactorSetupRequired, type FactorsResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Endpoint, InjectPort, Member, type DocumentStore, type SignedInMember } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { loadNetwork } from '../network/network.read';
import { twoFactorProjection, type TwoFactorDocument } from './two-factor.projection';

const factorsOf = (store: DocumentStore, memberId: string): Promise<TwoFactorDocument | null> =>
  store.collection<TwoFactorDocument>(collectionName(twoFactorProjection)).get(memberId);

@Controller('api/v1/authentication/factors')
@UseInterceptors(ConsistencyInterceptor)
export class FactorsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: "The signed-in member's second factors (no secret) and what the network allows",
    twoFactorSetup: true,
    tags: ['two-factor'],
    auth: 'member',
    responses: { 200: { description: 'FactorsResponse', schema: factorsResponseSchema }, 401: 'unauthenticated' },
  })
  async list(@Member() member: SignedInMember): Promise<FactorsResponse> {
    const [doc, { settings }] = await Promise.all([factorsOf(this.store, member.id), loadNetwork(this.store)]);
    const factors = doc?.factors ?? [];
    return {
      factors: factors.map(({ id, type, created_at, last_used_at }) => ({ id, type, created_at, last_used_at, deactivated: !factorMethodAllowed(settings.member, type) })),
      two_factor: settings.member.two_factor,
      totp_available: settings.member.two_factor_totp_available,
      email_available: settings.member.two_factor_email_available,
      backup_codes_left: factors
        .filter((factor) => factorMethodAllowed(settings.member, factor.type))
        .reduce((left, factor) => Math.max(left, factor.backup_codes_left), 0),
      setup_required: twoFactorSetupRequired(settings.member, factors.map((factor) => factor.type)),
    };
  }
}

@Module({ controllers: [FactorsController] })
export class TwoFactorModule {}

/** a change of the member's factors reaches their own open consoles (collection two_factor) */
export const twoFactorFeature: ProjectionFeature = {
  module: TwoFactorModule,
  readModels: [twoFactorProjection],
  publishers: () => [
    {
      collection: collectionName(twoFactorProjection),
      publish: (change, hub) => {
        hub.publishTo(change.id, { type: 'changed', collection: 'two_factor', id: change.id, doc: { position: change.event.position } });
        return Promise.resolve();
      },
    },
  ],
};
