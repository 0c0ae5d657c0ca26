import { Controller, Get, Module, Param, UseInterceptors } from '@nestjs/common';
import { factorMethodAllowed, factorsResponseSchema, memberFactorsResponseSchema, twoFactorSetupRequired, type FactorDto, type FactorsResponse, type MemberFactorsResponse, type NetworkSettings, type RemovedFactorDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Endpoint, HttpProblem, InjectPort, Member, type DocumentStore, type SignedInMember } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { loadNetwork } from '../network/network.read';
import { twoFactorProjection, type FactorEntry, type RemovedFactorEntry, type TwoFactorDocument } from './two-factor.projection';
import { twoFactorReadSide } from './two-factor.read-side';

const factorsOf = (store: DocumentStore, memberId: string): Promise<TwoFactorDocument | null> =>
  store.collection<TwoFactorDocument>(collectionName(twoFactorProjection)).get(memberId);

const factorDtoOf = (settings: NetworkSettings, { id, type, created_at, last_used_at }: FactorEntry): FactorDto => ({
  id,
  type,
  created_at,
  last_used_at,
  deactivated: !factorMethodAllowed(settings.member, type),
});

/**
 * Removed factors as a reader may see them: with `names`, the name of whoever removed it (the
 * administration's view); without, no name (the member sees that an administrator did, not which one).
 */
const removedFactorsOf = (removed: readonly RemovedFactorEntry[], names: ReadonlyMap<string, string> | null): RemovedFactorDto[] =>
  removed.map((entry) => ({
    id: entry.id,
    type: entry.type,
    created_at: entry.created_at,
    removed_at: entry.removed_at,
    removed_by: entry.removed_by,
    removed_by_name: names && entry.removed_by_member_id ? (names.get(entry.removed_by_member_id) ?? null) : null,
  }));

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
      factors: factors.map((factor) => factorDtoOf(settings, factor)),
      removed_factors: removedFactorsOf(doc?.removed ?? [], null),
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

/** A member's factors for the administration: which are set up, and which were deleted or reset, when and by whom. */
@Controller('administration/members/:id/authentication/factors')
@UseInterceptors(ConsistencyInterceptor)
export class MemberFactorsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: "A member's second factors (no secret) and the ones deleted by the member or reset by an administrator, with who removed them",
    tags: ['two-factor'],
    auth: 'auditor',
    responses: { 200: { description: 'MemberFactorsResponse', schema: memberFactorsResponseSchema }, 401: 'unauthenticated', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async list(@Param('id') id: string): Promise<MemberFactorsResponse> {
    const member = await membersCollection(this.store).get(id);
    if (!member || member.deleted) throw new HttpProblem(404, 'not_found');
    const [doc, { settings }] = await Promise.all([factorsOf(this.store, id), loadNetwork(this.store)]);
    const removed = doc?.removed ?? [];
    const removerIds = [...new Set(removed.flatMap((entry) => (entry.removed_by_member_id ? [entry.removed_by_member_id] : [])))];
    const names = new Map((await membersCollection(this.store).getMany(removerIds)).map((remover) => [remover._id, displayNameOf(remover)]));
    return { factors: (doc?.factors ?? []).map((factor) => factorDtoOf(settings, factor)), removed_factors: removedFactorsOf(removed, names) };
  }
}

@Module({ controllers: [FactorsController, MemberFactorsController] })
export class TwoFactorModule {}

/** a change of the member's factors reaches their own open consoles (collection two_factor) */
export const twoFactorFeature: ProjectionFeature = { module: TwoFactorModule, ...twoFactorReadSide };
