/** a stream's page in the console */
export const streamPath = (slug: string): string => `/activitystreams/${encodeURIComponent(slug)}`;
