import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../session/SessionContext';

/**
 * List or map of the same members: shown only while the network has the map on (`config.maps.enabled`:
 * the settings show it and the server has tiles) with members on it (scope `all`; `poi` shows places
 * only). Free of Leaflet: the map itself is its own chunk.
 */
export const MapToggle = ({ listPath, mapPath }: { listPath: string; mapPath: string }) => {
  const { t } = useTranslation();
  const { network } = useSignedIn();
  if (!network.maps?.enabled || network.maps.scope === 'poi') return null;
  return (
    <nav className="map-toggle" aria-label={t('map.toggle_label')} data-testid="map-toggle">
      <NavLink to={listPath} end className="map-toggle__item" data-testid="map-toggle-list">
        {t('map.list')}
      </NavLink>
      <NavLink to={mapPath} end className="map-toggle__item" data-testid="map-toggle-map">
        {t('map.map')}
      </NavLink>
    </nav>
  );
};
