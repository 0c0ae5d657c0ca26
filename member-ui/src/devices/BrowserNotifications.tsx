import { PUSH_CATEGORIES, PUSH_CATEGORY_NAMES } from '@cn/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { useCommand } from '../api/useCommand';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { browserPush, type BrowserPush } from './browser-push';
import { devicesApi, devicesKeys } from './devices-api';

/** which device this browser registered as, by its push endpoint (the server answers the same id again) */
const STORAGE_KEY = 'cn.push-device';
const storedDevice = (): { endpoint: string; id: string } | null => {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { endpoint?: unknown; id?: unknown } | null;
    return value && typeof value.endpoint === 'string' && typeof value.id === 'string' ? { endpoint: value.endpoint, id: value.id } : null;
  } catch {
    return null;
  }
};

const browserName = (): string => {
  const agent = navigator.userAgent;
  const name = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrom(e|ium)\//.test(agent) ? 'Chromium' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  return name.slice(0, 100);
};

const PushFlags = ({ deviceId }: { deviceId: string }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const settings = useQuery({ queryKey: devicesKeys.settings(deviceId), queryFn: () => devicesApi(api).settings(deviceId), retry: false });
  const change = useCommand(({ category, kind, on }: { category: string; kind: string; on: boolean }) => devicesApi(api).changeSettings(deviceId, { notifications: { [category]: { [kind]: on } } }), [devicesKeys.all]);
  const flags = settings.data?.notifications;
  if (!flags) return settings.isError ? <p role="alert">{t('membership_settings.unavailable')}</p> : null;
  return (
    <div data-testid="push-flags">
      <h3>{t('devices.which')}</h3>
      {PUSH_CATEGORY_NAMES.map((category) => (
        <fieldset key={category} className="settings-fieldset">
          <legend>{t(`devices.categories.${category}`)}</legend>
          {(PUSH_CATEGORIES[category] as readonly string[]).map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                data-testid={`push-flag-${kind}`}
                checked={(flags[category] as Record<string, boolean>)[kind] !== false}
                disabled={change.isPending}
                onChange={(event) => {
                  setFailure(null);
                  change.mutate({ category, kind, on: event.target.checked }, { onError: (error) => setFailure(refusalMessageKey(i18n, errorKeyOf(error), ['devices'])) });
                }}
              />{' '}
              {t(`devices.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      ))}
      {failure ? <p role="alert">{t(failure)}</p> : null}
    </div>
  );
};

/**
 * Browser notifications on the settings page: turn Web Push on or off for this browser (the browser asks
 * for permission, subscribes with the network's key, the server registers it as a device), choose which
 * notifications reach it, and remove other devices. Hidden when the network has no push keys.
 */
export const BrowserNotifications = ({ push = browserPush }: { push?: BrowserPush }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const token = useQuery({ queryKey: devicesKeys.webToken, queryFn: () => devicesApi(api).webToken(), retry: false, staleTime: Infinity });
  const devices = useQuery({ queryKey: devicesKeys.list, queryFn: () => devicesApi(api).list(), retry: false });
  const remove = useCommand((id: string) => devicesApi(api).remove(id), [devicesKeys.all]);
  const supported = push.supported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void push
      .current()
      .then((subscription) => live && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [push, supported]);

  if (token.isPending || token.isError) return null;
  const stored = storedDevice();
  const here = stored && endpoint && stored.endpoint === endpoint ? devices.data?.devices.find((device) => device.id === stored.id) : undefined;
  const others = (devices.data?.devices ?? []).filter((device) => device.id !== here?.id);
  const fail = (error: unknown) => setFailure(refusalMessageKey(i18n, errorKeyOf(error), ['devices']));

  const turnOn = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const subscription = await push.subscribe(token.data.token);
      if (!subscription) {
        setFailure('devices.refused');
        return;
      }
      const { id } = await devicesApi(api).register({ device: { platform: 'web', name: browserName(), push_subscription: subscription } });
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ endpoint: subscription.endpoint, id }));
      setEndpoint(subscription.endpoint);
      await client.invalidateQueries({ queryKey: devicesKeys.all });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    if (!here) return;
    setFailure(null);
    setBusy(true);
    try {
      await remove.mutateAsync(here.id);
      await push.unsubscribe();
      localStorage.removeItem(STORAGE_KEY);
      setEndpoint(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-fieldset" data-testid="browser-notifications">
      <h2>{t('devices.title')}</h2>
      <p className="muted">{t('devices.intro')}</p>
      {!supported ? <p data-testid="push-state">{t('devices.unsupported')}</p> : null}
      {supported && push.permission() === 'denied' && !here ? <p data-testid="push-state">{t('devices.blocked')}</p> : null}
      {supported && (push.permission() !== 'denied' || here) ? (
        <>
          <p data-testid="push-state">{t(here ? 'devices.on_here' : 'devices.off_here')}</p>
          <button type="button" className="button" disabled={busy || endpoint === undefined} data-testid="push-toggle" onClick={() => void (here ? turnOff() : turnOn())}>
            {t(here ? 'devices.turn_off' : 'devices.turn_on')}
          </button>
        </>
      ) : null}
      {here ? <PushFlags deviceId={here.id} /> : null}
      <h3>{t('devices.others')}</h3>
      {devices.data && others.length === 0 ? <p className="muted">{t('devices.none')}</p> : null}
      <ul className="settings-subscriptions">
        {others.map((device) => (
          <li key={device.id} data-testid={`device-${device.id}`}>
            <span>
              {device.name} <span className="muted">({t(`devices.platforms.${device.platform}`)})</span>
            </span>{' '}
            <button type="button" className="button button--small" disabled={remove.isPending} data-testid={`device-remove-${device.id}`} onClick={() => remove.mutate(device.id, { onError: fail })}>
              {t('devices.remove')}
            </button>
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{t(failure)}</p> : null}
    </section>
  );
};
