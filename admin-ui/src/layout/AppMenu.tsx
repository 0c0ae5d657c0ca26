import { Menu, usePermissions } from 'react-admin';
import SettingsIcon from '@mui/icons-material/Settings';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import CategoryIcon from '@mui/icons-material/Category';
import ViewListIcon from '@mui/icons-material/ViewList';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import RuleIcon from '@mui/icons-material/Rule';
import StorageIcon from '@mui/icons-material/Storage';
import DescriptionIcon from '@mui/icons-material/Description';
import GavelIcon from '@mui/icons-material/Gavel';
import FolderIcon from '@mui/icons-material/Folder';
import InfoIcon from '@mui/icons-material/Info';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import BarChartIcon from '@mui/icons-material/BarChart';
import MenuIcon from '@mui/icons-material/Menu';
import AppsIcon from '@mui/icons-material/Apps';
import WidgetsIcon from '@mui/icons-material/Widgets';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { Permissions } from '../api/authProvider';
import BadgeIcon from '@mui/icons-material/Badge';
import PlaceIcon from '@mui/icons-material/Place';
import MailIcon from '@mui/icons-material/Mail';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PaletteIcon from '@mui/icons-material/Palette';
import TuneIcon from '@mui/icons-material/Tune';

export const SETTINGS_EDIT_PATH = '/settings/network';

/** Administrators see everything; auditors only the event history. */
export const AppMenu = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  const audit = administrate || permissions?.audit === true;
  return (
    <Menu>
      {administrate && (
        <Menu.Item to={SETTINGS_EDIT_PATH} primaryText="cn.menu.settings" leftIcon={<SettingsIcon />} data-testid="menu-settings" />
      )}
      {administrate && (
        <Menu.Item
          to="/settings-history"
          primaryText="cn.menu.settings_history"
          leftIcon={<ManageHistoryIcon />}
          data-testid="menu-settings-history"
        />
      )}
      {audit && (
        <Menu.Item to="/audit-events" primaryText="cn.menu.audit_events" leftIcon={<HistoryIcon />} data-testid="menu-audit-events" />
      )}
      {audit && <Menu.Item to="/integrity" primaryText="cn.menu.integrity" leftIcon={<VerifiedUserIcon />} data-testid="menu-integrity" />}
      {audit && <Menu.Item to="/projections" primaryText="cn.menu.projections" leftIcon={<StorageIcon />} data-testid="menu-projections" />}
      {administrate && (
        <Menu.Item to="/members" primaryText="cn.menu.members" leftIcon={<PeopleIcon />} data-testid="menu-members" />
      )}
      {administrate && (
        <Menu.Item
          to="/appointment-categories/network"
          primaryText="cn.menu.appointment_categories"
          leftIcon={<CategoryIcon />}
          data-testid="menu-appointment-categories"
        />
      )}
      {administrate && (
        <Menu.Item to="/group-categories/network" primaryText="cn.menu.group_categories" leftIcon={<ViewListIcon />} data-testid="menu-group-categories" />
      )}
      {administrate && (
        <Menu.Item to="/change_requests" primaryText="cn.menu.change_requests" leftIcon={<RuleIcon />} data-testid="menu-change-requests" />
      )}
      {administrate && <Menu.Item to="/imprint/network" primaryText="cn.menu.imprint" leftIcon={<InfoIcon />} data-testid="menu-imprint" />}
      {administrate && <Menu.Item to="/file_settings/network" primaryText="cn.menu.file_settings" leftIcon={<FolderIcon />} data-testid="menu-file-settings" />}
      {audit && <Menu.Item to="/legal_texts" primaryText="cn.menu.legal_texts" leftIcon={<GavelIcon />} data-testid="menu-legal-texts" />}
      {audit && <Menu.Item to="/legal_acceptances" primaryText="cn.menu.legal_acceptances" leftIcon={<FactCheckIcon />} data-testid="menu-legal-acceptances" />}
      {audit && <Menu.Item to="/pages" primaryText="cn.menu.pages" leftIcon={<DescriptionIcon />} data-testid="menu-pages" />}
      {audit && <Menu.Item to="/statistics" primaryText="cn.menu.statistics" leftIcon={<BarChartIcon />} data-testid="menu-statistics" />}
      {administrate && <Menu.Item to="/navigation/network" primaryText="cn.menu.navigation" leftIcon={<MenuIcon />} data-testid="menu-navigation" />}
      {administrate && <Menu.Item to="/widgetbars" primaryText="cn.menu.widgetbars" leftIcon={<WidgetsIcon />} data-testid="menu-widgetbars" />}
      {administrate && (
        <Menu.Item to="/property_sets" primaryText="cn.menu.property_sets" leftIcon={<TuneIcon />} data-testid="menu-property-sets" />
      )}
      {audit && (
        <Menu.Item to="/administration/app_navigation/edit" primaryText="cn.menu.app_navigation" leftIcon={<PhoneIphoneIcon />} data-testid="menu-app-navigation" />
      )}
      {administrate && <Menu.Item to="/apps" primaryText="cn.menu.apps" leftIcon={<AppsIcon />} data-testid="menu-apps" />}
      {administrate && <Menu.Item to="/newsletter/settings" primaryText="cn.menu.newsletter" leftIcon={<MailIcon />} data-testid="menu-newsletter" />}
      {administrate && <Menu.Item to="/channel_settings/assign" primaryText="cn.menu.channel_assignment" leftIcon={<MailIcon />} data-testid="menu-channel-assignment" />}
      {audit && <Menu.Item to="/membership_roles" primaryText="cn.menu.membership_roles" leftIcon={<BadgeIcon />} data-testid="menu-membership-roles" />}
      {audit && <Menu.Item to="/map_places" primaryText="cn.menu.map_places" leftIcon={<PlaceIcon />} data-testid="menu-map-places" />}
      {audit && <Menu.Item to="/tags" primaryText="cn.menu.tags" leftIcon={<LocalOfferIcon />} data-testid="menu-tags" />}
      {audit && <Menu.Item to="/designs" primaryText="cn.menu.designs" leftIcon={<PaletteIcon />} data-testid="menu-designs" />}
      {audit && <Menu.Item to="/invites" primaryText="cn.menu.invites" leftIcon={<MailIcon />} data-testid="menu-invites" />}
    </Menu>
  );
};
