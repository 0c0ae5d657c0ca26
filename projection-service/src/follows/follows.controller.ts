import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { followingResponseSchema, followStateResponseSchema, memberFollowAbilities, type FollowingResponse, type FollowStateResponse } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, HttpProblem, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { followedMemberIds } from './follows.read';

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class FollowsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('api/v1/members/:id/follow')
  @Endpoint({
    summary: 'Whether the signed-in member follows the member, and may (can.follow: the rule the follow command refuses by)',
    tags: ['members'],
    auth: 'member',
    responses: { 200: { description: 'FollowStateResponse', schema: followStateResponseSchema }, 401: 'signed out', 404: 'unknown or erased member' },
  })
  async state(@Member() viewer: SignedInMember, @Param('id') id: string): Promise<FollowStateResponse> {
    const subject = await membersCollection(this.store).get(id);
    if (!subject || subject.deleted) throw new HttpProblem(404, 'not_found');
    const following = (await followedMemberIds(this.store, viewer.id)).includes(id);
    return { following, can: memberFollowAbilities({ id: viewer.id }, { id, deleted: subject.deleted }) };
  }

  @Get('api/v1/members/:id/following')
  @Endpoint({
    summary: "Whom a member follows, last followed first, erased members left out (only the member themself; id 'me' names them)",
    tags: ['members'],
    auth: 'member',
    responses: { 200: { description: 'FollowingResponse', schema: followingResponseSchema }, 401: 'signed out', 403: "another member's list" },
  })
  async following(@Member() viewer: SignedInMember, @Param('id') requested: string): Promise<FollowingResponse> {
    const id = requested === 'me' ? viewer.id : requested;
    if (viewer.id !== id) throw new HttpProblem(403, 'forbidden');
    const ids = await followedMemberIds(this.store, id);
    const docs = new Map((await membersCollection(this.store).getMany(ids)).map((doc) => [doc._id, doc]));
    return {
      members: ids.flatMap((followedId) => {
        const doc = docs.get(followedId);
        return doc ? [{ id: doc._id, name: displayNameOf(doc), path: `/members/${doc._id}` }] : [];
      }),
    };
  }
}
