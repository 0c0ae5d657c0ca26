// @cn/platform/feeds: the feeds port (RSS 2.0 and Atom, read on the server) and its HTTP adapter.
export * from './feed-reader';
export * from './feed-parser';
export * from './http-feed-reader';
export * from './address-guard';
