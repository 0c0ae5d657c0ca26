import type { MemberDto } from '@cn/contracts';

export const initialsOf = (member: Pick<MemberDto, 'first_name' | 'last_name' | 'displayName'>): string => {
  const fromParts = `${member.first_name.charAt(0)}${member.last_name.charAt(0)}`;
  if (fromParts.trim()) return fromParts.toUpperCase();
  const words = member.displayName.split(/\s+/).filter(Boolean);
  return words.map((word) => word.charAt(0)).join('').slice(0, 2).toUpperCase() || '?';
};

/** Image when the member has one, otherwise a tinted placeholder with initials. */
export const Avatar = ({
  member,
  size = 'medium',
}: {
  member: Pick<MemberDto, 'first_name' | 'last_name' | 'displayName' | 'images' | 'id'>;
  size?: 'small' | 'medium' | 'large';
}) => {
  const image = size === 'large' ? (member.images.large ?? member.images.small) : member.images.small;
  if (image) return <img className={`avatar avatar--${size}`} src={image} alt="" />;
  const hue = [...member.id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span className={`avatar avatar--${size}`} style={{ backgroundColor: `hsl(${hue} 35% 88%)`, color: `hsl(${hue} 45% 28%)` }} aria-hidden="true">
      {initialsOf(member)}
    </span>
  );
};
