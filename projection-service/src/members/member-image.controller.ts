import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Ctx, type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, type RequestContext } from '@cn/platform';
import { membersCollection, signedInMember } from './members.read';
import { profileImageResponses, sendProfileImage } from './profile-image.response';

/** A member's profile image: for signed-in members, like the member page; gone once the member is erased. */
@Controller('members/:id/image')
export class MemberImageController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
  ) {}

  @Get()
  @Endpoint({
    summary: "A member's profile image (`?v=` the version in its URL: cached for a year)",
    tags: ['members'],
    auth: 'member',
    responses: profileImageResponses('unknown or erased member, or no image'),
  })
  async image(@Ctx() ctx: RequestContext, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await signedInMember(this.documentStore, ctx);
    const doc = await membersCollection(this.documentStore).get(id);
    if (!doc || doc.deleted || !doc.image) throw new HttpProblem(404, 'not_found');
    await sendProfileImage(this.storage, doc.image, req, res);
  }
}
