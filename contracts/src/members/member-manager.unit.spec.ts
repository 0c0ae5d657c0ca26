import { DEFAULT_NETWORK_SETTINGS } from '../settings/network-settings';
import { memberManagerAbilities } from './member-manager';

const roles = (network_admin: boolean, auditor = false) => ({ network_admin, auditor, external: false });
const settings = (two_factor: 'disabled' | 'enabled' | 'enforced') => ({ member: { ...DEFAULT_NETWORK_SETTINGS.member, two_factor } });

describe('member manager menu (spec §6)', () => {
  it('offers nothing to members and auditors', () => {
    for (const viewer of [{ id: 'm', roles: roles(false) }, { id: 'a', roles: roles(false, true) }, null]) {
      expect(Object.values(memberManagerAbilities(viewer, { id: 't', deleted: false }, settings('enabled'), true)).some(Boolean)).toBe(false);
    }
  });

  it('offers an administrator everything about others, reset two-factor only when it is on, roles only when some exist', () => {
    const admin = { id: 'admin', roles: roles(true) };
    expect(memberManagerAbilities(admin, { id: 't', deleted: false }, settings('enabled'), true)).toEqual({
      edit: true, edit_groups: true, assign_roles: true, toggle_external: true, reset_two_factor: true, lock: true, destroy: true,
    });
    expect(memberManagerAbilities(admin, { id: 't', deleted: false }, settings('disabled'), false)).toMatchObject({ reset_two_factor: false, assign_roles: false });
  });

  it('never offers an administrator to lock, erase or make a guest of themself, nor anything about an erased member', () => {
    const admin = { id: 'admin', roles: roles(true) };
    expect(memberManagerAbilities(admin, { id: 'admin', deleted: false }, settings('enabled'))).toMatchObject({ edit: true, lock: false, destroy: false, toggle_external: false });
    expect(Object.values(memberManagerAbilities(admin, { id: 't', deleted: true }, settings('enabled'), true)).some(Boolean)).toBe(false);
  });
});
