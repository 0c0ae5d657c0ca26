// The member realtime socket's framing: constants both sides need (no zod).

/**
 * The query parameter of `/api/realtime` by which a console says it reads batched frames
 * (`?frames=batch`). Such a socket gets the pushes of one tick in one frame, `{"type":"batch","messages":[...]}`,
 * in the order they were pushed; any other socket gets one frame per push, as before.
 */
export const REALTIME_FRAMES_PARAM = 'frames';
export const REALTIME_BATCH_FRAMES = 'batch';
/** the `type` of a batched frame */
export const REALTIME_BATCH_TYPE = 'batch';
