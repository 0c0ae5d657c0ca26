/** kept apart from chat-parts (markdown, the member picker): the shell's chat panel shows faces too */

/** initials of a chat's name for the quick-switch bar */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * What fills a chat's or an author's round avatar: the member's or group's profile image (`images.small`)
 * where there is one, else the initials of the name; a deleted member always keeps the initials' fallback.
 */
export const ChatFace = ({ name, imageUrl, deleted = false }: { name: string; imageUrl: string | null; deleted?: boolean }) =>
  imageUrl && !deleted ? (
    <img className="chat-avatar__image" src={imageUrl} alt="" data-testid="chat-image" />
  ) : (
    <span className="chat-avatar__initials" data-testid="chat-initials">
      {initialsOf(name)}
    </span>
  );
