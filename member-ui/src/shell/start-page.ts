/**
 * The network start page the root and the sign-in lead to: the home, the 'all' activity stream with the
 * dashboard widget bar beside it (what happened and what needs the member; the bell and badges above).
 * A module of its own: main.tsx reads it before the console chunk, so it must not pull the navigation in.
 */
export const START_PAGE = '/activitystreams';
