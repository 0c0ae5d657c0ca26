import { networkResponseSchema, networkSettingsSchema, type NetworkResponse, type NetworkSettings } from '@cn/contracts';
import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ConsistencyInterceptor, csrfTokenFor, Ctx, type DocumentStore, Endpoint, InjectPort, type PlatformConfig, type RequestContext, type Translator } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { loadActiveMember } from '../members/members.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from './network.read';
import { networkResponseOf, serverConfigurationOf } from './network-response';


@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class NetworkController {
  constructor(
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('translator') private readonly translator: Translator | null,
  ) {}

  /** public: answers the network even signed out (then without member and CSRF token) */
  @Get('api/v1/network')
  @Endpoint({
    summary: 'Network configuration, current member, abilities and CSRF token (public)',
    tags: ['network'],
    responses: { 200: { description: 'NetworkResponse', schema: networkResponseSchema } },
    auth: 'none',
  })
  async network(@Ctx() ctx: RequestContext): Promise<NetworkResponse> {
    const [network, member] = await Promise.all([
      loadNetwork(this.documentStore),
      loadActiveMember(this.documentStore, ctx.memberId),
    ]);
    const csrf = member && ctx.sessionToken ? csrfTokenFor(ctx.sessionToken, this.config.session) : null;
    const own = member ? await this.documentStore.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).get(member._id) : null;
    return networkResponseOf(network, member, csrf, serverConfigurationOf({ config: this.config, translator: this.translator }), own?.settings.time_zone ?? null);
  }

  @Get('administration/settings')
  @Endpoint({
    summary: 'The four network settings tabs',
    tags: ['network'],
    responses: { 200: { description: 'NetworkSettings', schema: networkSettingsSchema }, 401: 'signed out', 403: 'not a network administrator' },
    auth: 'admin',
  })
  async settings(): Promise<NetworkSettings> {
    return (await loadNetwork(this.documentStore)).settings;
  }
}
