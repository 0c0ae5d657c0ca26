export interface AddedCounts {
  members: number;
  groups: number;
  roles: number;
}

/** 'Added 2 members and 1 group': the non-zero counts of an add, as a list in the console's language. */
export const addedSummary = (t: (key: string, options: { count: number }) => string, language: string, counts: AddedCounts): string =>
  new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
    (['members', 'groups', 'roles'] as const)
      .filter((kind) => counts[kind] > 0)
      .map((kind) => t(`appointments.participants.count.${kind}`, { count: counts[kind] })),
  );
