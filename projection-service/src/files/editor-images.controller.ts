import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { assetPreviewPath, EDITOR_IMAGES_PER_PAGE, editorImagePageSchema, type EditorImagePage } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, Member, parseWith, type SignedInMember } from '@cn/platform';
import { profileImageResponses, sendProfileImage } from '../members/profile-image.response';
import { editorImagesProjection, type EditorImageDocument } from './editor-images.projection';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const pageQuerySchema = z.object({
  page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(10_000, { message: 'too_big' }).default(1),
  per_page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(100, { message: 'too_big' }).default(EDITOR_IMAGES_PER_PAGE),
});

/**
 * The rich-text editor's images ("assets"). Who reads one: every signed-in member (external ones too), as the
 * articles and text widgets they are embedded in are read by every signed-in member who sees the channel; a
 * visitor never (the route is members-only, as the channels are). The uploader's erasure leaves them (the
 * content's). Browsing lists only the member's own uploads.
 */
@Controller()
export class EditorImagesController {
  constructor(
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
  ) {}

  private images() {
    return this.store.collection<EditorImageDocument>(collectionName(editorImagesProjection));
  }

  @Get('api/storage/assets/:assetId/preview')
  @Endpoint({
    summary:
      'An image uploaded from the rich-text editor, for every signed-in member: at `size=small|large|lightbox` (200x200, 435x435, inside 1920x1200, WebP without EXIF); without `size` the lightbox size (never cropped). Immutable: cached for good',
    tags: ['files'],
    auth: 'member',
    responses: profileImageResponses('no such asset'),
  })
  async preview(@Member() _member: SignedInMember, @Param('assetId') assetId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asset = UUID.test(assetId) ? await this.images().get(assetId) : null;
    if (!asset) throw new HttpProblem(404, 'not_found');
    // an article's image shows whole: the lightbox size unless another is asked
    const sized = req.query['size'] === undefined ? { query: { ...req.query, size: 'lightbox' }, headers: req.headers } : req;
    await sendProfileImage(this.storage, asset.image, sized, res, { immutable: true });
  }

  @Get('system/ckeditor/images')
  @Endpoint({
    summary: "The member's own editor images, newest first, paged (the editor's image picker)",
    tags: ['files'],
    auth: 'member',
    query: pageQuerySchema,
    responses: { 200: { description: '{ images, total, page, per_page }', schema: editorImagePageSchema }, 400: 'validation_failed (page, per_page)', 401: 'unauthenticated' },
  })
  async browse(@Member() member: SignedInMember, @Query() query: Record<string, unknown>): Promise<EditorImagePage> {
    const { page, per_page } = parseWith(pageQuerySchema, query);
    const own = { member_id: member.id };
    const [docs, total] = await Promise.all([this.images().find(own, { sort: [['uploaded_at', -1], ['_id', -1]], skip: (page - 1) * per_page, limit: per_page }), this.images().count(own)]);
    return {
      images: docs.map((doc) => ({ id: doc._id, url: assetPreviewPath(doc._id), thumbnail_url: `${assetPreviewPath(doc._id)}?size=small`, name: doc.name, uploaded_at: doc.uploaded_at })),
      total,
      page,
      per_page,
    };
  }
}
