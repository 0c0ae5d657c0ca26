import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useSignedIn } from '../session/SessionContext';
import { MAP_MEMBERS_COLLECTION, MEMBERS_TOPIC } from '@cn/contracts';
import { MapToggle } from './MapToggle';
import { MembersMap, type PlaceTexts } from './MembersMap';
import { useMapMarkers, useMapPlaces, useMemberAddress, useSetMemberAddress } from './map-queries';

/** The signed-in member's own address: the server geocodes it; a member without one is not on the map. */
const OwnAddress = () => {
  const { t, i18n } = useTranslation();
  const { member } = useSignedIn();
  const current = useMemberAddress(member.id);
  const save = useSetMemberAddress(member.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const saved = current.data?.address ?? null;
  useEffect(() => setText(saved ?? ''), [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(text.trim() === '' ? null : text.trim(), { onError: (failure) => setError(refusalMessageKey(i18n, errorKeyOf(failure), ['map.errors'])) });
  };
  const status = saved === null ? 'map.address_none' : current.data?.located ? 'map.address_located' : 'map.address_pending';
  return (
    <form className="map-address" onSubmit={submit} data-testid="map-address">
      <label htmlFor={inputId}>{t('map.address_label')}</label>
      <input id={inputId} type="text" value={text} maxLength={300} autoComplete="street-address" placeholder={t('map.address_placeholder')} onChange={(event) => setText(event.target.value)} data-testid="map-address-input" />
      <button type="submit" className="button" disabled={save.isPending} data-testid="map-address-save">
        {t('map.address_save')}
      </button>
      <p className="muted" role="status" data-testid="map-address-status">
        {error ? t(error) : t(status)}
      </p>
    </form>
  );
};

/**
 * `/map`, `/members/map` (every member the directory shows who has a place) and `/groups/{slug}/map`
 * (a group's members, for those who see the group), with the network's points of interest. With the map's
 * scope `poi` it shows the points of interest only: no member markers, no address form. Markers and places
 * follow pushed changes while it is open, and the page follows a pushed settings change (on/off, scope,
 * theme, zoom, centre).
 */
export const MapPage = ({ scope }: { scope: 'network' | 'group' }) => {
  const { t } = useTranslation();
  const { network } = useSignedIn();
  const { slug } = useParams();
  const maps = network.maps;
  const membersShown = maps?.scope !== 'poi';
  const group = scope === 'group' ? (slug ?? null) : null;
  const markers = useMapMarkers(group, membersShown && maps?.enabled === true);
  const places = useMapPlaces();
  const load = loadOf(markers);
  const placesLoad = loadOf(places);
  useLiveTopic(MAP_MEMBERS_COLLECTION);
  // a member shown renamed or erased: pushed only to consoles watching members
  useLiveTopic(MEMBERS_TOPIC, membersShown);
  usePageTitle('map.title');
  const placeTexts = useMemo<PlaceTexts>(() => ({ label: (place) => t('map.place_label', { name: place.name }), link: t('map.place_link') }), [t]);
  const listPath = group ? `/groups/${group}/members` : '/directory/members';
  const mapPath = group ? `/groups/${group}/map` : '/members/map';

  if (!maps?.enabled) return <EmptyState title="map.off_title" text="map.off_text" testId="map-off" />;
  const placeList = placesLoad.phase === 'loaded' ? placesLoad.data.places : [];
  if (!membersShown) {
    return (
      <div className="map-page" data-testid="map-page" data-scope="poi">
        <LoadStatus load={placesLoad} onRetry={() => void places.refetch()} testId="map" />
        {placesLoad.phase === 'loaded' ? (
          <>
            <MembersMap config={maps} markers={[]} places={placeList} placeTexts={placeTexts} label={t('map.region_label')} />
            <p className="muted" data-testid="map-places-count">
              {t('map.places_count', { count: placeList.length })}
            </p>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div className="map-page" data-testid="map-page" data-scope="all">
      <MapToggle listPath={listPath} mapPath={mapPath} />
      <LoadStatus load={load} onRetry={() => void markers.refetch()} testId="map" />
      {load.phase === 'loaded' ? (
        <>
          <MembersMap config={maps} markers={load.data.markers} places={placeList} placeTexts={placeTexts} label={t('map.region_label')} />
          <p className="muted" data-testid="map-count">
            {t('map.count', { count: load.data.markers.length })}
          </p>
        </>
      ) : null}
      <OwnAddress />
    </div>
  );
};
