import type { EmailIntegration } from '@cn/contracts';
import { plannedMails } from './assignment-mail-plan';

const integration = (change: Partial<EmailIntegration>): EmailIntegration => ({
  uuid: 'u',
  type: 'email_notification',
  trigger: 'assign',
  assignee_property_id: -1,
  email_subject_template: 's',
  email_text_template: 't',
  ...change,
});
const assignees = (byProperty: Record<string, string[]>) => new Map(Object.entries(byProperty).map(([id, members]) => [id, new Set(members)]));

describe('who is mailed what on an assignment', () => {
  it('sends the built-in mail to members newly assigned or unassigned when no integration matches, never to the actor', () => {
    const planned = plannedMails([], assignees({ owner: ['a', 'b'] }), assignees({ owner: ['b', 'c', 'actor'] }), 'actor');
    expect(planned).toEqual([
      { memberId: 'a', assigned: false, integration: null },
      { memberId: 'c', assigned: true, integration: null },
    ]);
  });

  it("mails an integration's templates instead where its trigger and property match", () => {
    const owner = integration({ uuid: 'owner', assignee_property_id: 'owner' });
    const gone = integration({ uuid: 'gone', trigger: 'unassign' });
    const planned = plannedMails([owner, gone], assignees({ owner: ['a'], helper: [] }), assignees({ owner: ['c'], helper: ['d'] }), 'actor');
    expect(planned).toEqual([
      { memberId: 'a', assigned: false, integration: gone },
      { memberId: 'c', assigned: true, integration: owner },
      // no integration watches the helper property for assign: the built-in mail
      { memberId: 'd', assigned: true, integration: null },
    ]);
  });

  it('lets an integration watching every property (-1) mail only when the member is new to the item, not when moved between properties', () => {
    const any = integration({ uuid: 'any' });
    expect(plannedMails([any], assignees({ owner: ['a'], helper: [] }), assignees({ owner: [], helper: ['a'] }), 'actor')).toEqual([]);
    expect(plannedMails([any], assignees({ owner: [], helper: [] }), assignees({ owner: [], helper: ['a'] }), 'actor')).toEqual([{ memberId: 'a', assigned: true, integration: any }]);
  });
});
