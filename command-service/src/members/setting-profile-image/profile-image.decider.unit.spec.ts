import type { MemberViewer } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { memberProfileImageDecider, type MemberImageState, type SetMemberProfileImage } from './profile-image.decider';

type Given = Parameters<typeof spec.decide>[0];
const spec = deciderSpecification(memberProfileImageDecider);
const viewer = (id: string, roles: Partial<MemberViewer['roles']> = {}): MemberViewer => ({ id, roles: { network_admin: false, auditor: false, external: false, ...roles } });
const registered = { type: 'MemberRegistered', data: { member_id: 'max' } } as unknown as Given[number];
const image = { blob_key: 'a'.repeat(64), content_type: 'image/png' as const, size: 67 };
const set = (actor: MemberViewer, next: SetMemberProfileImage['image'] = image): SetMemberProfileImage => ({ type: 'SetMemberProfileImage', member_id: 'max', actor, image: next });
const changed = { type: 'MemberProfileImageChanged', data: { member_id: 'max', ...image } } as const;

describe('member profile image decider', () => {
  it('the member sets their image: the event carries the blob key, type and size, never the bytes', () => {
    expect(spec.decide([registered], set(viewer('max')))).toEqual([changed]);
  });

  it('a network administrator sets anyone\'s; other members, externals and auditors may not (memberProfileAbilities.update_profile)', () => {
    expect(spec.decide([registered], set(viewer('ada', { network_admin: true })))).toEqual([changed]);
    for (const other of [viewer('sam'), viewer('gina', { external: true }), viewer('audrey', { auditor: true })]) {
      expect(refusalOf(() => spec.decide([registered], set(other)))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    }
  });

  it('removes the image once: removing none changes nothing', () => {
    expect(spec.decide([registered, changed], set(viewer('max'), null))).toEqual([{ type: 'MemberProfileImageRemoved', data: { member_id: 'max' } }]);
    expect(spec.decide([registered], set(viewer('max'), null))).toEqual([]);
    expect(spec.decide([registered, changed, { type: 'MemberProfileImageRemoved', data: { member_id: 'max' } }], set(viewer('max'), null))).toEqual([]);
  });

  it('an unknown or erased member has no image to set (404)', () => {
    expect(refusalOf(() => spec.decide([], set(viewer('max'))))).toMatchObject({ kind: 'not_found' });
    const erased = { type: 'MemberErased', data: { member_id: 'max' } } as unknown as Given[number];
    expect(refusalOf(() => spec.decide([registered, changed, erased], set(viewer('ada', { network_admin: true }))))).toMatchObject({ kind: 'not_found' });
  });

  it('remembers every image the member ever had (erasure removes their bytes)', () => {
    const other = { type: 'MemberProfileImageChanged', data: { member_id: 'max', ...image, blob_key: 'b'.repeat(64) } } as const;
    const state = [registered, changed, other, changed].reduce<MemberImageState>((current, event) => memberProfileImageDecider.evolve(current, event), memberProfileImageDecider.initialState());
    expect(state.blob_keys).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
    expect(state.image).toBe('a'.repeat(64));
  });

  it("names the sizes' bytes in the event and remembers them too (erasure removes them with the upload)", () => {
    const sized = {
      ...image,
      blob_key: 'c'.repeat(64),
      sizes: { small: { blob_key: 'd'.repeat(64), content_type: 'image/webp' as const, size: 10 }, large: { blob_key: 'e'.repeat(64), content_type: 'image/webp' as const, size: 20 } },
    };
    const event = { type: 'MemberProfileImageChanged', data: { member_id: 'max', ...sized } } as const;
    expect(spec.decide([registered], set(viewer('max'), sized))).toEqual([event]);
    const state = [registered, changed, event].reduce<MemberImageState>((current, next) => memberProfileImageDecider.evolve(current, next), memberProfileImageDecider.initialState());
    expect(state.blob_keys).toEqual(['a', 'c', 'd', 'e'].map((letter) => letter.repeat(64)));
  });
});
