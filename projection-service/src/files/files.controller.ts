import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { FILE_IMAGE_SIZE_NAMES, maxUploadBytesOf, type ApprovalDto, type FileDetailsDto, type FileRootsDto, type OpenReviewDto, type FileSettings, type FolderContentsDto, type StorageDiscovery, type UploadedFileDto, type FileViewer } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type PlatformConfig, type RequestContext } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import { fileDetails, fileRoots, fileSettingsOf, filesCollection, folderContents, pendingVersions } from './files.read';
import { openReview } from './open-review.read';

const tags = ['files'];
const signedOut = { 401: 'unauthenticated' };

const approvalQuerySchema = z.object({
  context_type: z.enum(['network', 'group'], { message: 'invalid_value' }).default('network'),
  context_id: z.string().trim().max(100, { message: 'too_long' }).default(''),
});

const openReviewQuerySchema = z.object({
  context_type: z.enum(['network', 'group'], { message: 'invalid_value' }).optional(),
  context_id: z.string().trim().max(100, { message: 'too_long' }).default(''),
});

@Controller('api/storage')
@UseInterceptors(ConsistencyInterceptor)
export class FilesController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  private async viewer(ctx: RequestContext): Promise<FileViewer> {
    const member = await signedInMember(this.documentStore, ctx);
    return viewerOf(this.documentStore, member);
  }

  @Get('roots')
  @Endpoint({
    summary: 'The root folders the member may browse: the network\'s, then those of the groups they belong to (by name), each with its counts and can.* flags',
    tags,
    auth: 'member',
    responses: { 200: 'FileRootsDto', ...signedOut },
  })
  async roots(@Ctx() ctx: RequestContext): Promise<FileRootsDto> {
    return fileRoots(this.documentStore, await this.viewer(ctx));
  }

  @Get('folders/:id')
  @Endpoint({
    summary: 'A folder (`root`, `root-{groupId}` or a folder id): breadcrumbs, subfolders and files by name, each with its can.* flags',
    tags,
    auth: 'member',
    responses: { 200: 'FolderContentsDto', ...signedOut, 404: 'not_found (unknown, deleted, or a group the member is not in)' },
  })
  async folder(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<FolderContentsDto> {
    return folderContents(this.documentStore, id, await this.viewer(ctx), this.clock());
  }

  @Get('files/:id')
  @Endpoint({
    summary: 'A file: its current version, versions, pending versions (for those who approve them or its author), lock and can.* flags',
    tags,
    auth: 'member',
    responses: { 200: 'FileDetailsDto', ...signedOut, 404: 'not_found (unknown, removed, or a group the member is not in)' },
  })
  async file(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<FileDetailsDto> {
    return fileDetails(this.documentStore, id, await this.viewer(ctx), this.clock());
  }

  @Get('uploads/:id')
  @Endpoint({ summary: 'An upload as its uploader sees it (state volatile, published or removed)', tags, auth: 'member', responses: { 200: 'UploadedFileDto', ...signedOut, 404: 'not_found (unknown, or of another member)' } })
  async upload(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<UploadedFileDto> {
    const viewer = await this.viewer(ctx);
    const doc = await filesCollection(this.documentStore).get(id);
    if (!doc || doc.uploader_id !== viewer.member_id) throw new HttpProblem(404, 'not_found');
    const first = doc.versions[0];
    return { id: doc._id, name: doc.name, size: first.size, extension: first.extension, content_type: first.content_type, state: doc.state };
  }

  @Get('approval')
  @Endpoint({
    summary: 'Pending file versions of the network or a group that the member may approve (the approval page\'s new-versions tab)',
    tags,
    auth: 'member',
    query: approvalQuerySchema,
    responses: { 200: 'ApprovalDto', 400: 'validation_failed (context_type: invalid_value)', ...signedOut, 404: 'not_found (a group the member is not in)' },
  })
  async approval(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<ApprovalDto> {
    const query = parseWith(approvalQuerySchema, raw);
    const viewer = await this.viewer(ctx);
    const scope = query.context_type === 'group' ? ({ type: 'group', group_id: query.context_id } as const) : ({ type: 'network', group_id: null } as const);
    return { versions: await pendingVersions(this.documentStore, scope, viewer, this.clock()) };
  }

  @Get('approval/open')
  @Endpoint({
    summary: 'The open-review tab: every pending file version the member may approve, across the network\'s and their groups\' folders (or one scope\'s when context_type is given), with file, folder, uploader and date',
    tags,
    auth: 'member',
    query: openReviewQuerySchema,
    responses: { 200: 'OpenReviewDto', 400: 'validation_failed (context_type: invalid_value)', ...signedOut, 404: 'not_found (a group the member is not in)' },
  })
  async openReview(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<OpenReviewDto> {
    const query = parseWith(openReviewQuerySchema, raw);
    const viewer = await this.viewer(ctx);
    if (query.context_type === 'group' && !viewer.group_ids.includes(query.context_id)) throw new HttpProblem(404, 'not_found');
    const only = query.context_type === 'group' ? ({ type: 'group', group_id: query.context_id } as const) : query.context_type === 'network' ? ({ type: 'network', group_id: null } as const) : undefined;
    return openReview(this.documentStore, viewer, this.clock(), only);
  }

  @Get('settings')
  @Endpoint({ summary: 'The files area\'s settings (extension filter, lock period), for the uploader and the lock dialog', tags, auth: 'member', responses: { 200: 'FileSettings', ...signedOut } })
  async settings(@Ctx() ctx: RequestContext): Promise<FileSettings> {
    await this.viewer(ctx);
    return fileSettingsOf(this.documentStore);
  }

  @Get('v2/discover')
  @Endpoint({
    summary:
      'What the storage offers: the upload limit (FILES_MAX_UPLOAD_MB), the network\'s extension filter and lock period, the image sizes, which features are on (versions, locks, approval, zip archives, profiles, download tokens) and the office integrations (built-in document actions; WOPI when a suite is connected)',
    tags,
    auth: 'member',
    responses: { 200: 'StorageDiscovery', ...signedOut },
  })
  async discover(@Ctx() ctx: RequestContext): Promise<StorageDiscovery> {
    await this.viewer(ctx);
    const settings = await fileSettingsOf(this.documentStore);
    return {
      max_upload_bytes: maxUploadBytesOf(process.env),
      extension_filter: settings.extension_filter,
      lock_period_days: settings.lock_period_days,
      image_sizes: [...FILE_IMAGE_SIZE_NAMES],
      features: { versions: true, locks: true, approval: true, archives: true, profiles: settings.profiles_enabled, download_tokens: true },
      office: { docs: true, wopi: this.config.wopi !== undefined },
    };
  }
}
