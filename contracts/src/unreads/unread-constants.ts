// Unreads: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

/** the shell's fallback poll when the realtime channel is down (the spec's 60 s) */
export const UNREADS_POLL_MS = 60_000;
