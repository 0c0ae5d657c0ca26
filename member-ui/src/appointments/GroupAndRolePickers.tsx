import type { GroupOptionDto, MembershipRoleOptionDto } from '@cn/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { pickerApi } from './picker-api';
import { SearchPicker, type PickerOption } from './SearchPicker';
// the option list's look; kept out of SearchPicker so that its unit spec needs no CSS transform
import './pickers.css';

interface PickerProps {
  value: PickerOption[];
  onChange: (next: PickerOption[]) => void;
}

/** Pick groups whose members become participants (GET /groups?q=). */
export const GroupPicker = ({ value, onChange }: PickerProps) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const search = useCallback((q: string) => pickerApi(api).groups(q), [api]);
  return (
    <SearchPicker<GroupOptionDto>
      label={t('appointments.participants.groups')}
      name="group_ids"
      placeholder={t('appointments.picker.groups_placeholder')}
      value={value}
      onChange={onChange}
      search={search}
      searchEmpty
      describe={(group) => t('appointments.picker.member_count', { count: group.member_count })}
      testId="group-picker"
      pickedTestId="picked-group"
      optionTestId="group-option"
    />
  );
};

/** Pick membership roles whose holders become participants (GET /membership_roles?q=). */
export const RolePicker = ({ value, onChange }: PickerProps) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const search = useCallback((q: string) => pickerApi(api).membershipRoles(q), [api]);
  return (
    <SearchPicker<MembershipRoleOptionDto>
      label={t('appointments.participants.roles')}
      name="membership_role_ids"
      placeholder={t('appointments.picker.roles_placeholder')}
      value={value}
      onChange={onChange}
      search={search}
      searchEmpty
      describe={(role) =>
        `${role.group ? role.group.name : t('appointments.picker.network_role')} · ${t('appointments.picker.member_count', { count: role.member_count })}`
      }
      testId="role-picker"
      pickedTestId="picked-role"
      optionTestId="role-option"
    />
  );
};
