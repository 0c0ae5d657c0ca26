import type { MemberSuggestion } from '@cn/contracts';
import { MemberSuggestionList, useMemberSuggestions } from '../common/MemberSuggestions';
import { insertMention, mentionQueryOf } from './mentions';

/**
 * The member picker of a composer: typing '@' and a name in the editor (`editorId`) lists the matching
 * members (GET /members?q=, asked 375 ms after the last key); choosing one puts a mention in the text.
 * The mentioned member is notified by the server, only if they may see the post.
 */
export const MentionPicker = ({ editorId, html, onChange }: { editorId: string; html: string; onChange: (html: string) => void }) => {
  const typed = mentionQueryOf(html);
  const suggestions = useMemberSuggestions(typed);
  if (typed === null) return null;
  const pick = (member: MemberSuggestion) => {
    const editor = document.getElementById(editorId);
    if (editor) onChange(insertMention(editor, typed, member));
  };
  return <MemberSuggestionList typed={typed} suggestions={suggestions} onPick={pick} />;
};
