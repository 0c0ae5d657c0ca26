import type { ChatDocument } from './chat.projections';
import { chatsProjection } from './chat.projections';
import { project, recorded } from '../__tests__/events';

const GROUP = 'g1';
const KEY = `g.${GROUP}`;
const posted = (seq: number, author: string) =>
  recorded('ChatMessagePosted', { chat_key: KEY, message_id: `msg-${seq}`, seq, author_id: author, text: `text ${seq}`, quoted_message_id: null }, { memberId: author });
const joined = (member: string) => recorded('MemberJoinedGroup', { group_id: GROUP, member_id: member, admin: false });

describe('chats read model: joining a group chat', () => {
  it('routes a join to the group chat of the group', () => {
    expect(chatsProjection.documentIds(joined('ann'))).toEqual([KEY]);
  });

  it('starts a joiner at the newest message, so history is not unread, and what follows is', () => {
    const doc = project(chatsProjection, [posted(1, 'bob'), posted(2, 'bob'), posted(3, 'bob'), joined('ann'), posted(4, 'bob')], KEY) as ChatDocument;
    expect(doc.members.ann).toMatchObject({ read_seq: 3, read_id: 'msg-3', received_seq: 3 });
    expect(doc.last_seq - doc.members.ann.read_seq).toBe(1);
  });

  it('treats what was said while a member was away as history on rejoining, and never moves anyone back', () => {
    const rejoined = project(chatsProjection, [posted(1, 'ann'), posted(2, 'bob'), joined('ann')], KEY) as ChatDocument;
    expect(rejoined.members.ann).toMatchObject({ read_seq: 2, read_id: 'msg-2', received_seq: 2, received_id: 'msg-2' });
    const upToDate = project(chatsProjection, [posted(1, 'bob'), posted(2, 'ann'), joined('ann')], KEY) as ChatDocument;
    expect(upToDate.members.ann).toMatchObject({ read_seq: 2, read_id: 'msg-2' });
    expect(upToDate.members.ann.last_interacted_at).not.toBeNull();
  });

  it('gives a group chat nobody wrote in no document', () => {
    expect(project(chatsProjection, [joined('carl')], KEY)).toBeNull();
  });
});
