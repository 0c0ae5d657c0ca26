import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Ctx, type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, type RequestContext } from '@cn/platform';
import { signedInMember } from '../members/members.read';
import { profileImageResponses, sendProfileImage } from '../members/profile-image.response';
import { memberSeesGroup } from './group-views';
import { groupsCollection } from './groups.read';

/** A group's profile image, by the group's visibility: a hidden group's image is 404 to whoever may not see the group. */
@Controller('api/v1/group_images/:id')
export class GroupImageController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
  ) {}

  @Get()
  @Endpoint({
    summary: "A group's profile image (`?v=` the version in its URL: cached for a year)",
    tags: ['groups'],
    auth: 'member',
    responses: profileImageResponses('unknown group, hidden from the member, or no image'),
  })
  async image(@Ctx() ctx: RequestContext, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = await groupsCollection(this.documentStore).get(id);
    if (!group || !memberSeesGroup(group, member) || !group.image) throw new HttpProblem(404, 'not_found');
    await sendProfileImage(this.storage, group.image, req, res);
  }
}
