
/** A group's profile image, or a tinted square with its initial when it has none. */
export const GroupImage = ({ group, size = 'large' }: { group: { id: string; name: string; profile_image?: string | null }; size?: 'small' | 'large' }) => {
  if (group.profile_image) return <img className={`group-image group-image--${size}`} src={group.profile_image} alt="" data-testid="group-image" />;
  const hue = [...group.id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span
      className={`group-image group-image--${size} avatar`}
      style={{ backgroundColor: `hsl(${hue} 35% 88%)`, color: `hsl(${hue} 45% 28%)`, borderRadius: 12 }}
      aria-hidden="true"
      data-testid="group-image-placeholder"
    >
      {group.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
};
