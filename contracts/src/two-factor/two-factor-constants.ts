// Two-factor: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

export const BACKUP_CODES_FILENAME = 'backup_codes.txt';
/** the member console's two-factor screen, where a member the network makes set up a factor is kept */
export const TWO_FACTOR_SETUP_PATH = '/two_factor';
