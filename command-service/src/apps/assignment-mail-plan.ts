import { matchingEmailIntegrations, readItemValues, type EmailIntegration, type PropertyDefinition } from '@cn/contracts';

/** the members each membership property names, by property id */
export const assigneesByProperty = (properties: readonly PropertyDefinition[], stored: Record<string, unknown>): Map<string, Set<string>> => {
  const values = readItemValues(properties, stored);
  return new Map(properties.filter((property) => property.type === 'membership').map((property) => [property.id, new Set((values[property.name] as string[] | undefined) ?? [])]));
};
const everyone = (byProperty: ReadonlyMap<string, ReadonlySet<string>>): Set<string> => new Set([...byProperty.values()].flatMap((ids) => [...ids]));

/** one mail to one member about one change: the built-in one, or an email integration's */
export interface PlannedMail {
  memberId: string;
  assigned: boolean;
  integration: EmailIntegration | null;
}

/**
 * Who is mailed what: each member newly named in (or removed from) the item's membership properties, never
 * the member who made the change. An email integration whose trigger and property match mails them its
 * templates; a member no integration matches gets the built-in mail (only for a change of all the item's
 * assignees, as before integrations existed).
 */
export const plannedMails = (
  integrations: readonly EmailIntegration[],
  before: ReadonlyMap<string, ReadonlySet<string>>,
  after: ReadonlyMap<string, ReadonlySet<string>>,
  actorId: string,
): PlannedMail[] => {
  const beforeAll = everyone(before);
  const afterAll = everyone(after);
  const planned: PlannedMail[] = [];
  for (const memberId of new Set([...beforeAll, ...afterAll])) {
    if (memberId === actorId) continue;
    for (const assigned of [true, false]) {
      const changedIn = [...after.keys()].filter((propertyId) => (before.get(propertyId)?.has(memberId) ?? false) !== assigned && (after.get(propertyId)?.has(memberId) ?? false) === assigned);
      const overall = !(assigned ? beforeAll : afterAll).has(memberId) && (assigned ? afterAll : beforeAll).has(memberId);
      const matching = matchingEmailIntegrations(integrations, assigned ? 'assign' : 'unassign', changedIn).filter((integration) => integration.assignee_property_id !== -1 || overall);
      if (matching.length > 0) planned.push(...matching.map((integration) => ({ memberId, assigned, integration })));
      else if (overall) planned.push({ memberId, assigned, integration: null });
    }
  }
  return planned;
};
