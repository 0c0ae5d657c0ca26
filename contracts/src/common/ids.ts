/** One function per aggregate builds its stream name; nothing else concatenates stream names. */
export const networkStream = (networkId: string): string => `network-${networkId}`;
export const memberStream = (memberId: string): string => `member-${memberId}`;

export const streamCategory = (streamId: string): string => streamId.slice(0, Math.max(0, streamId.indexOf('-')));
