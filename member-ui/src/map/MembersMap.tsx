import type { MapConfig, MapMarker, MapPlace } from '@cn/contracts';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
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

/** a point of interest's face: a pin of its own shape (the network's location another colour), never a member's name chip */
const placeElement = (place: MapPlace, label: string): HTMLElement => {
  const pin = document.createElement('span');
  pin.className = `members-map__place members-map__place--${place.kind}`;
  pin.setAttribute('role', 'img');
  pin.setAttribute('aria-label', label);
  pin.dataset['testid'] = 'map-place';
  pin.dataset['placeId'] = place.id;
  return pin;
};

/** the popup: name, description (line breaks kept), link; text nodes only, never markup from the server */
const placePopup = (place: MapPlace, linkText: string): HTMLElement => {
  const box = document.createElement('div');
  box.className = 'members-map__popup';
  box.dataset['testid'] = 'map-place-popup';
  const name = document.createElement('strong');
  name.textContent = place.name;
  box.append(name);
  if (place.description !== '') {
    const text = document.createElement('p');
    text.textContent = place.description;
    box.append(text);
  }
  if (place.link && /^https?:\/\//i.test(place.link)) {
    const link = document.createElement('a');
    link.href = place.link;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = linkText;
    link.dataset['testid'] = 'map-place-link';
    box.append(link);
  }
  return box;
};

export interface PlaceTexts {
  /** the pin's accessible name: the place's name in a sentence */
  label: (place: MapPlace) => string;
  link: string;
}

/**
 * A Leaflet map with the network's tiles (`config.maps.tile_url`), opened on the network location at the
 * network's zoom level (or on the markers when the network has no coordinates), one marker per member and
 * a pin per point of interest (a popup with its name, description and link).
 */
export const MembersMap = ({
  config,
  markers,
  places = [],
  placeTexts,
  label,
}: {
  config: MapConfig;
  markers: readonly MapMarker[];
  places?: readonly MapPlace[];
  placeTexts?: PlaceTexts;
  label: string;
}) => {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [layer, setLayer] = useState<L.LayerGroup | null>(null);
  const navigate = useNavigate();
  const fitted = useRef(false);
  const centerLat = config.center?.lat ?? null;
  const centerLng = config.center?.lng ?? null;
  const hasCenter = centerLat !== null && centerLng !== null;

  // one Leaflet map for the page's life: a pushed settings change (theme, zoom, centre) moves it, never rebuilds it
  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: [0, 0], zoom: 0 });
    const group = L.layerGroup().addTo(created);
    setMap(created);
    setLayer(group);
    return () => {
      created.remove();
      setMap(null);
      setLayer(null);
    };
  }, []);

  useEffect(() => {
    if (!map || !config.tile_url) return;
    const tiles = L.tileLayer(config.tile_url, { maxZoom: 18 }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, config.tile_url]);

  useEffect(() => {
    if (!map || centerLat === null || centerLng === null) return;
    map.setView([centerLat, centerLng], config.zoom_level);
  }, [map, centerLat, centerLng, config.zoom_level]);

  useEffect(() => {
    if (!layer || !map) return;
    layer.clearLayers();
    for (const marker of markers) {
      const icon = L.divIcon({ html: markerElement(marker, (path) => void navigate(path)), className: 'members-map__icon', iconSize: undefined });
      // a member's chip stays above a place's pin nearby (the network's own location is often close to members)
      L.marker([marker.lat, marker.lng], { icon, title: marker.name, keyboard: false, zIndexOffset: 1000 }).addTo(layer);
    }
    for (const place of places) {
      const icon = L.divIcon({ html: placeElement(place, placeTexts?.label(place) ?? place.name), className: 'members-map__icon', iconSize: [24, 24], iconAnchor: [12, 24], popupAnchor: [0, -24] });
      L.marker([place.lat, place.lng], { icon, title: place.name, keyboard: true }).bindPopup(placePopup(place, placeTexts?.link ?? place.link ?? '')).addTo(layer);
    }
    // without a network location the map opens on its markers, once
    const points = [...markers, ...places].map((point) => [point.lat, point.lng] as [number, number]);
    if (!hasCenter && !fitted.current && points.length > 0) {
      map.fitBounds(L.latLngBounds(points), { maxZoom: 12, padding: [32, 32] });
      fitted.current = true;
    }
  }, [map, layer, markers, places, placeTexts, navigate, hasCenter]);

  return <div ref={container} className="members-map" role="region" aria-label={label} data-testid="members-map" />;
};
