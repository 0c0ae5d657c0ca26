/**
 * The Nest provider token a service registers its Infrastructure under (@cn/platform/infrastructure says
 * what that holds). It lives in the HTTP kit, the lower library, because the kit reads the document store
 * and the clock from that provider; the infrastructure library re-exports it.
 */
export const INFRASTRUCTURE: unique symbol = Symbol('INFRASTRUCTURE');
