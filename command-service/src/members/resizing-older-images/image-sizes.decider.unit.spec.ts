import type { GroupImageEvent, MemberImageEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { imageSizesDecider, type RecordImageSizes } from './image-sizes.decider';

const spec = deciderSpecification(imageSizesDecider);
const size = (key: string) => ({ blob_key: key, content_type: 'image/webp' as const, size: 10 });
const sizes = { small: size('s'), large: size('l') };
const old = (key: string): MemberImageEvent => ({ type: 'MemberProfileImageChanged', data: { member_id: 'm', blob_key: key, content_type: 'image/jpeg', size: 100 } });
const record = (key: string, kind: 'member' | 'group' = 'member'): RecordImageSizes => ({ type: 'RecordImageSizes', holder: { kind, id: kind === 'member' ? 'm' : 'g' }, blob_key: key, sizes });
const resized = (key: string): MemberImageEvent => ({ type: 'MemberProfileImageResized', data: { member_id: 'm', blob_key: key, sizes } });

describe('sizes for images set before sizes existed', () => {
  it('records the sizes of the current upload once', () => {
    spec.given([old('a')]).when(record('a')).then([resized('a')]);
    spec.given([old('a'), resized('a')]).when(record('a')).then([]);
  });

  it('nothing for an image replaced, removed or already sized', () => {
    spec.given([old('a'), old('b')]).when(record('a')).then([]);
    spec.given([old('a'), { type: 'MemberProfileImageRemoved', data: { member_id: 'm' } }]).when(record('a')).then([]);
    spec.given([{ type: 'MemberProfileImageChanged', data: { member_id: 'm', blob_key: 'a', content_type: 'image/jpeg', size: 100, sizes } }]).when(record('a')).then([]);
    spec.given([]).when(record('a')).then([]);
  });

  it("a group's image the same way, on the group's stream", () => {
    const group: GroupImageEvent = { type: 'GroupProfileImageChanged', data: { group_id: 'g', blob_key: 'a', content_type: 'image/png', size: 100 } };
    spec.given([group]).when(record('a', 'group')).then([{ type: 'GroupProfileImageResized', data: { group_id: 'g', blob_key: 'a', sizes } }]);
  });
});
