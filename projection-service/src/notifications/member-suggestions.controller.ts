import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { MEMBER_SUGGESTIONS_LIMIT, memberSuggestionSchema, memberSuggestionsQuerySchema, type MemberSuggestion } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort, Member, parseWith, type SignedInMember } from '@cn/platform';
import { z } from 'zod';
import { matchesQuery } from '../groups/groups.read';
import { displayNameOf, memberImagesOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';

/** The mention picker's members: active members whose name matches, by name, never the asker. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class MemberSuggestionsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('members')
  @Endpoint({
    summary: 'Member suggestions for the mention picker: active members whose name matches q (at most 10, by name)',
    tags: ['notifications'],
    auth: 'member',
    query: memberSuggestionsQuerySchema,
    responses: { 200: { description: 'MemberSuggestion[]', schema: z.array(memberSuggestionSchema) }, 400: 'q missing or too long', 401: 'unauthenticated' },
  })
  async suggestions(@Member() member: SignedInMember, @Query() raw: Record<string, unknown>): Promise<MemberSuggestion[]> {
    const { q } = parseWith(memberSuggestionsQuerySchema, raw);
    const members = await membersCollection(this.store).find({ deleted: false });
    return members
      .filter((doc) => doc._id !== member.id && matchesQuery(q, doc.first_name, doc.last_name))
      .map((doc) => ({ doc, name: displayNameOf(doc) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.doc._id.localeCompare(b.doc._id))
      .slice(0, MEMBER_SUGGESTIONS_LIMIT)
      .map(({ doc, name }) => ({ id: doc._id, displayName: name, detection_profile_field: '', is_external: doc.roles.external, images: { small: memberImagesOf(doc).small } }));
  }
}
