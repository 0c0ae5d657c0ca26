import { Controller, Get, UseInterceptors } from '@nestjs/common';
import {
  APP_NAVIGATION_ID,
  appNavigationResponseSchema,
  defaultAppNavigation,
  memberAppNavigationResponseSchema,
  NETWORK_STREAM_SLUG,
  type AppNavigationResponse,
  type MemberAppNavigationResponse,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { activityViewerOf, loadStreamsContext, streamLinks } from '../activities/activities.read';
import { loadNetwork } from '../network/network.read';
import { visiblePages } from '../pages/pages.read';
import { appNavigationsProjection, type AppNavigationDocument } from './app-navigation.projection';
import { memberAppNavigation } from './app-navigation.read';

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class AppNavigationController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  private async saved(): Promise<AppNavigationResponse> {
    const doc = await this.documentStore.collection<AppNavigationDocument>(collectionName(appNavigationsProjection)).get(APP_NAVIGATION_ID);
    return doc ? { items: doc.items, revision: doc.revision, saved: true } : { items: defaultAppNavigation(), revision: 0, saved: false };
  }

  @Get('administration/app_navigation.json')
  @Endpoint({
    summary: "The app navigation editor's five items and revision; the default navigation until a save (administrators; auditors read)",
    tags: ['navigation'],
    auth: 'auditor',
    responses: { 200: { description: 'AppNavigationResponse', schema: appNavigationResponseSchema }, 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  editor(): Promise<AppNavigationResponse> {
    return this.saved();
  }

  @Get('api/v1/app_navigation')
  @Endpoint({
    summary: "The native app's navigation for the signed-in member: titles resolved, only the streams and pages they may see",
    tags: ['navigation'],
    auth: 'member',
    responses: { 200: { description: 'MemberAppNavigationResponse', schema: memberAppNavigationResponseSchema }, 401: 'signed out' },
  })
  async member(@Member() member: SignedInMember): Promise<MemberAppNavigationResponse> {
    const [{ items }, network, links, pages] = await Promise.all([
      this.saved(),
      loadNetwork(this.documentStore),
      loadStreamsContext(this.documentStore, activityViewerOf(member)).then((ctx) => streamLinks(this.documentStore, ctx)),
      visiblePages(this.documentStore, member.roles),
    ]);
    const streams = new Map(links.map((link) => [link.slug, link.slug === NETWORK_STREAM_SLUG ? network.settings.basic.name : link.name]));
    return memberAppNavigation(items, { streams, pages: new Map(pages.map((page) => [page.slug, page.title])), language: network.settings.basic.language });
  }
}
