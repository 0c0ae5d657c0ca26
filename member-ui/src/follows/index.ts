export { FollowButton } from './FollowButton';
export { FollowingList } from './FollowingList';
export { followsLive } from './follows-queries';
