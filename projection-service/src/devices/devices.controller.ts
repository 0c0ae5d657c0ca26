import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { devicePushSettingsResponseSchema, devicesResponseSchema, webTokenResponseSchema, type DevicePushSettingsResponse, type DevicesResponse, type WebTokenResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, type PlatformConfig, type RequestContext } from '@cn/platform';
import { signedInMember } from '../members/members.read';
import { memberDevicesProjection, type MemberDevicesDocument } from './member-devices.projection';

const tags = ['devices'];

/** A member's own devices and their push settings; nobody reads another member's. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class DevicesController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  private async devicesOf(ctx: RequestContext): Promise<MemberDevicesDocument['devices']> {
    const member = await signedInMember(this.documentStore, ctx);
    return (await this.documentStore.collection<MemberDevicesDocument>(collectionName(memberDevicesProjection)).get(member._id))?.devices ?? [];
  }

  @Get('api/v1/devices')
  @Endpoint({
    summary: "The signed-in member's devices, oldest first (no credential: whether one receives push, not its subscription)",
    tags,
    auth: 'member',
    responses: { 200: { description: 'DevicesResponse', schema: devicesResponseSchema }, 401: 'signed out' },
  })
  async list(@Ctx() ctx: RequestContext): Promise<DevicesResponse> {
    const devices = await this.devicesOf(ctx);
    return { devices: devices.map(({ id, platform, name, push, registered_at }) => ({ id, platform, name, push, registered_at })) };
  }

  @Get('api/v1/devices/:id/settings')
  @Endpoint({
    summary: "Which notifications reach one of the signed-in member's devices: per category, per kind, a flag",
    tags,
    auth: 'member',
    responses: { 200: { description: 'DevicePushSettingsResponse', schema: devicePushSettingsResponseSchema }, 401: 'signed out', 404: 'not one of the member’s devices' },
  })
  async settings(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<DevicePushSettingsResponse> {
    const device = (await this.devicesOf(ctx)).find((entry) => entry.id === id);
    if (!device) throw new HttpProblem(404, 'not_found');
    return { notifications: device.notifications };
  }

  @Get('api/v1/get-web-token')
  @Endpoint({
    summary: "The application server key (VAPID public key) a browser subscribes to this network's Web Push with",
    tags,
    auth: 'member',
    responses: { 200: { description: 'WebTokenResponse', schema: webTokenResponseSchema }, 401: 'signed out', 404: 'push_disabled' },
  })
  async webToken(@Ctx() ctx: RequestContext): Promise<WebTokenResponse> {
    await signedInMember(this.documentStore, ctx);
    if (!this.config.webPush) throw new HttpProblem(404, 'push_disabled');
    return { token: this.config.webPush.publicKey };
  }
}
