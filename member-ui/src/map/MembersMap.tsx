import type { MapConfig, MapMarker } from '@cn/contracts';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** the marker's face: the member's name, a link to their page (text, never markup from the server) */
const markerElement = (marker: MapMarker, open: (path: string) => void): HTMLElement => {
  const link = document.createElement('a');
  link.href = marker.path;
  link.className = 'members-map__marker';
  link.textContent = marker.name;
  link.dataset['testid'] = 'map-marker';
  link.dataset['memberId'] = marker.id;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open(marker.path);
  });
  return link;
};

/**
 * A Leaflet map with the network's tiles (`config.maps.tile_url`), opened on the network location at the
 * network's zoom level (or on the markers when the network has no coordinates), one marker per member.
 */
export const MembersMap = ({ config, markers, label }: { config: MapConfig; markers: readonly MapMarker[]; label: string }) => {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const navigate = useNavigate();
  const fitted = useRef(false);

  useEffect(() => {
    if (!container.current || !config.tile_url) return;
    const created = L.map(container.current, { center: config.center ? [config.center.lat, config.center.lng] : [0, 0], zoom: config.center ? config.zoom_level : 0 });
    L.tileLayer(config.tile_url, { maxZoom: 18 }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    fitted.current = false;
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [config.tile_url, config.center, config.zoom_level]);

  useEffect(() => {
    const group = layer.current;
    if (!group || !map.current) return;
    group.clearLayers();
    for (const marker of markers) {
      const icon = L.divIcon({ html: markerElement(marker, (path) => void navigate(path)), className: 'members-map__icon', iconSize: undefined });
      L.marker([marker.lat, marker.lng], { icon, title: marker.name, keyboard: false }).addTo(group);
    }
    // without a network location the map opens on its markers, once
    if (!config.center && !fitted.current && markers.length > 0) {
      map.current.fitBounds(L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as [number, number])), { maxZoom: 12, padding: [32, 32] });
      fitted.current = true;
    }
  }, [markers, navigate, config.center]);

  return <div ref={container} className="members-map" role="region" aria-label={label} data-testid="members-map" />;
};
