// Members administration: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

/**
 * The close code of a realtime socket whose session ended (signed out, locked, password changed): the
 * console then reads its session again at once, meets 401 and goes to the sign-in.
 */
export const REALTIME_SESSION_ENDED_CODE = 4401;
