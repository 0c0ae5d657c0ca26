// The visitors' realtime socket: the constants both sides and the consoles' first scripts need (no zod).
import { PUBLIC_NAVIGATION_TOPIC } from '../navigation/navigation-constants';

/**
 * The socket a signed-out visitor opens (no session: a cookie it carries is never read). It pushes only
 * the changes of public topics, and only the fact of a change (collection, id, position), never a document.
 */
export const VISITOR_REALTIME_PATH = '/api/realtime/public';

/** every topic a visitor may watch; a watch naming anything else closes the socket */
export const VISITOR_REALTIME_TOPICS: readonly string[] = [PUBLIC_NAVIGATION_TOPIC];

/** the close code of a visitor socket that asked for something not public (a member topic, a malformed message) */
export const VISITOR_TOPIC_REFUSED_CODE = 4403;
