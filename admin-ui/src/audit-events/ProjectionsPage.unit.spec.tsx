/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { PROJECTION_REBUILDS_COLLECTION, type ProjectionRebuildDto, type ProjectionStatusDto, type SearchIndexSwitchDto } from '@cn/contracts';
import { germanMessagesAll } from '../i18n/german';
import { FakeSocket, useFakeSocket } from '../testing/fake-socket';
import { click, render, waitFor } from '../testing/render';
import { ProjectionsPage, rebuildPercent, runningRebuildOf } from './ProjectionsPage';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => germanMessagesAll, 'de');
const as = (can: { administrate: boolean; audit: boolean }): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(can),
});
const models: ProjectionStatusDto[] = [
  { projector: 'projection-service', name: 'members', collection: 'members_v2', position: 400, head: 400, lag: 0, failing: false },
  { projector: 'projection-service', name: 'groups', collection: 'groups_v3', position: 400, head: 400, lag: 0, failing: false },
];
const rebuild = (overrides: Partial<ProjectionRebuildDto>): ProjectionRebuildDto => ({
  id: 'r1',
  collection: 'groups_v3',
  state: 'rebuilding',
  requested_by: 'admin',
  requested_at: '2026-12-06T20:00:00.000Z',
  finished_at: null,
  position: 100,
  head: 400,
  error: null,
  ...overrides,
});

/** jsdom has no fetch: the status page's polls answered with the read models */
const answeringStatus = (): void => {
  (globalThis as { fetch?: unknown }).fetch = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(models) });
};

const rebuildsProvider = (rebuilds: ProjectionRebuildDto[] | (() => ProjectionRebuildDto[]), asked: string[], switches: () => SearchIndexSwitchDto[] = () => []) =>
  ({
    projectionRebuilds: () => Promise.resolve(typeof rebuilds === 'function' ? rebuilds() : rebuilds),
    searchIndexSwitches: () => Promise.resolve(switches()),
    rebuildProjection: (_resource: string, { collection }: { collection: string }) => {
      asked.push(collection);
      return Promise.resolve({ id: 'r2' });
    },
  }) as unknown as DataProvider;

describe('the projections page', () => {
  useFakeSocket();
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('shows a rebuild progress bar and the state of finished ones', () => {
    expect(rebuildPercent(rebuild({}))).toBe(25);
    expect(rebuildPercent(rebuild({ state: 'switched', position: 400 }))).toBe(100);
    expect(runningRebuildOf([rebuild({}), rebuild({ id: 'r0', collection: 'members_v2', state: 'switched' })], 'groups_v3')?.id).toBe('r1');
    expect(runningRebuildOf([rebuild({ state: 'failed' })], 'groups_v3')).toBeUndefined();
  });

  it('offers network administrators a rebuild per read model, except one already rebuilding, and lists the rebuilds', async () => {
    answeringStatus();
    const asked: string[] = [];
    const view = await render(
      <AdminContext dataProvider={rebuildsProvider([rebuild({})], asked)} authProvider={as({ administrate: true, audit: true })} i18nProvider={i18nProvider}>
        <ProjectionsPage />
      </AdminContext>,
    );
    const buttons = () => [...document.querySelectorAll('[data-testid="projection-row"] button')] as HTMLButtonElement[];
    await waitFor(() => expect(buttons()).toHaveLength(2));
    expect(buttons().map((button) => [button.textContent, button.disabled])).toEqual([
      ['Neu aufbauen', false],
      ['Neu aufbauen', true],
    ]);
    const rows = () => document.querySelector('[data-testid="projection-rebuilds"]')?.textContent ?? '';
    await waitFor(() => expect(rows()).toContain('wird aufgebaut'));
    expect(rows()).toContain('100 / 400');
    expect(document.querySelector('[data-testid="projection-rebuild-row"] [role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    await click(buttons()[0]);
    await waitFor(() => expect(asked).toEqual(['members_v2']));
    view.unmount();
  });

  it('shows auditors the rebuilds but no rebuild button', async () => {
    answeringStatus();
    const view = await render(
      <AdminContext dataProvider={rebuildsProvider([rebuild({ state: 'switched', position: 400 })], [])} authProvider={as({ administrate: false, audit: true })} i18nProvider={i18nProvider}>
        <ProjectionsPage />
      </AdminContext>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-testid="projection-row"]')).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-testid="projection-rebuilds"]')?.textContent).toContain('umgeschaltet'));
    expect(document.querySelectorAll('[data-testid="projection-row"] button')).toHaveLength(0);
    view.unmount();
  });

  it('offers a rebuild per search feature and shows a running one\'s progress as it is pushed, until it switched', async () => {
    answeringStatus();
    const asked: string[] = [];
    let reads = 0;
    let current = rebuild({ collection: 'searchindex_groups', position: 100 });
    // the page reads the rebuilds once, then again only when a change is pushed: no polling
    const rebuilds = () => {
      reads += 1;
      return [current];
    };
    const push = (change: Partial<ProjectionRebuildDto>) => {
      current = { ...current, ...change };
      for (const socket of FakeSocket.opened) socket.onmessage?.({ data: JSON.stringify({ type: 'changed', collection: PROJECTION_REBUILDS_COLLECTION, id: current.id, doc: { state: current.state, position: current.position } }) });
    };
    const view = await render(
      <AdminContext dataProvider={rebuildsProvider(rebuilds, asked)} authProvider={as({ administrate: true, audit: true })} i18nProvider={i18nProvider}>
        <ProjectionsPage />
      </AdminContext>,
    );
    const row = (feature: string) => [...document.querySelectorAll('[data-testid="search-index-row"]')].find((candidate) => candidate.firstElementChild?.textContent === feature);
    await waitFor(() => expect(row('groups')?.textContent).toContain('100 / 400'));
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual([expect.stringMatching(/\/api\/realtime$/) as string]);
    expect(row('groups')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    expect(row('groups')?.querySelector('button')?.disabled).toBe(true);
    push({ position: 200 });
    await waitFor(() => expect(row('groups')?.textContent).toContain('200 / 400'));
    push({ state: 'switched', position: 400 });
    await waitFor(() => expect(row('groups')?.querySelector('button')?.disabled).toBe(false));
    expect(document.querySelector('[data-testid="projection-rebuilds"]')?.textContent).toContain('umgeschaltet');
    expect(reads).toBe(3);
    await click(row('activities')?.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(asked).toEqual(['searchindex_activities']));
    view.unmount();
  });

  it('shows auditors the search indexes without rebuild buttons', async () => {
    answeringStatus();
    const view = await render(
      <AdminContext dataProvider={rebuildsProvider([], [])} authProvider={as({ administrate: false, audit: true })} i18nProvider={i18nProvider}>
        <ProjectionsPage />
      </AdminContext>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-testid="search-index-row"]').length).toBeGreaterThan(10));
    expect(document.querySelectorAll('[data-testid="search-index-row"] button')).toHaveLength(0);
    view.unmount();
  });

  it('lists every switch of rebuilt search indexes, and a new one as soon as its rebuild is pushed', async () => {
    answeringStatus();
    const first: SearchIndexSwitchDto = {
      id: 's1',
      feature: 'groups',
      indexes: [{ live: 'groups', rebuilt: 'groups__next' }],
      position: 380,
      generation: 3,
      owner: 'indexer-a:41:0f3c',
      started_at: '2026-12-06T20:00:00.000Z',
      finished_at: '2026-12-06T20:00:04.500Z',
      outcome: 'switched',
      events_replayed: 380,
      duration_ms: 4500,
      error: null,
    };
    let switches = [first];
    const view = await render(
      <AdminContext dataProvider={rebuildsProvider([], [], () => switches)} authProvider={as({ administrate: false, audit: true })} i18nProvider={i18nProvider}>
        <ProjectionsPage />
      </AdminContext>,
    );
    const rows = () => [...document.querySelectorAll('[data-testid="search-switch-row"]')].map((row) => row.textContent ?? '');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.querySelector('[data-testid="search-switches"]')?.textContent).toContain('Nachgespielte Ereignisse');
    expect(rows()[0]).toContain('groups ← groups__next');
    expect(rows()[0]).toContain('indexer-a:41:0f3c');
    expect(rows()[0]).toContain('4.5 s');
    expect(rows()[0]).toContain('gewechselt');
    // a later rebuild ends (its end pushed): its switch shows beside the first, newest first
    switches = [{ ...first, id: 's2', feature: 'activities', indexes: [{ live: 'activities', rebuilt: 'activities__next' }], generation: 6, outcome: 'abandoned', position: 0, error: 'search_switch_abandoned' }, first];
    for (const socket of FakeSocket.opened) socket.onmessage?.({ data: JSON.stringify({ type: 'changed', collection: PROJECTION_REBUILDS_COLLECTION, id: 'r9', doc: { state: 'failed', position: 0 } }) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toContain('aufgegeben');
    expect(rows()[1]).toContain('gewechselt');
    view.unmount();
  });
});
