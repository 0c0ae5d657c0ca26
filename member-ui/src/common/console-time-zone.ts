/**
 * The zone the console tells times in: the member's own (membership settings), else the network's, as the
 * network's answer says (`time_zone`); before it has loaded, or where it names nothing, the browser's.
 * Kept apart and free of imports: the session sets it and every date format reads it.
 */
let chosen: string | null = null;

const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export const setConsoleTimeZone = (zone: string | null | undefined): void => {
  chosen = zone ?? null;
};

export const consoleTimeZone = (): string => chosen ?? browserTimeZone();
