import { readItemValues, type PropertyDefinition } from '@cn/contracts';
import type { MailPort } from '@cn/platform';
import type { CommandLookup } from '../lookup/command-lookup';

const texts = {
  de: {
    assigned: (title: string) => `Dir zugewiesen: ${title}`,
    unassigned: (title: string) => `Nicht mehr dir zugewiesen: ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} hat dir „${title}“ in ${app} ${assigned ? 'zugewiesen' : 'abgenommen'}.\n\n${link}`,
  },
  en: {
    assigned: (title: string) => `Assigned to you: ${title}`,
    unassigned: (title: string) => `No longer assigned to you: ${title}`,
    body: (actor: string, title: string, app: string, link: string, assigned: boolean) =>
      `${actor} ${assigned ? 'assigned' : 'unassigned'} "${title}" in ${app} ${assigned ? 'to' : 'from'} you.\n\n${link}`,
  },
} as const;

const assigneesOf = (properties: readonly PropertyDefinition[], stored: Record<string, unknown>): Set<string> => {
  const values = readItemValues(properties, stored);
  return new Set(properties.filter((property) => property.type === 'membership').flatMap((property) => (values[property.name] as string[] | undefined) ?? []));
};

/**
 * The assign/unassign integration: after an item's values changed, each member newly named in (or
 * removed from) one of its membership properties gets one mail through the mail port, never the member
 * who made the change. Best effort after the change was recorded: a failed mail never undoes it.
 */
export const sendAssignmentMails = async (
  mail: MailPort,
  lookup: CommandLookup,
  change: { appId: string; appName: string; itemId: string; properties: readonly PropertyDefinition[]; before: Record<string, unknown>; after: Record<string, unknown>; actorId: string },
): Promise<void> => {
  const before = assigneesOf(change.properties, change.before);
  const after = assigneesOf(change.properties, change.after);
  const added = [...after].filter((id) => !before.has(id) && id !== change.actorId);
  const removed = [...before].filter((id) => !after.has(id) && id !== change.actorId);
  if (added.length === 0 && removed.length === 0) return;
  const language = (await lookup.networkSettings()).basic.language.startsWith('de') ? 'de' : 'en';
  const text = texts[language];
  const actor = await lookup.member(change.actorId);
  const actorName = actor ? `${actor.first_name} ${actor.last_name}`.trim() : '';
  const titleProperty = change.properties.find((property) => property.type === 'text');
  const titleValue = titleProperty ? readItemValues(change.properties, change.after)[titleProperty.name] : '';
  const title = typeof titleValue === 'string' ? titleValue : '';
  const link = `/apps/${change.appId}/items/${change.itemId}`;
  for (const [ids, assigned] of [
    [added, true],
    [removed, false],
  ] as const) {
    for (const memberId of ids) {
      const recipient = await lookup.member(memberId);
      if (!recipient || recipient.erased || !recipient.email) continue;
      await mail.send({
        to: [recipient.email],
        subject: assigned ? text.assigned(title) : text.unassigned(title),
        text: text.body(actorName, title, change.appName, link, assigned),
      });
    }
  }
};
