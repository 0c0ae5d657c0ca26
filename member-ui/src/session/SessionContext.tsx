import type { MemberDto, NetworkResponse, SetPresenceRequest, SignInRequest } from '@cn/contracts';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setConsoleTimeZone } from '../common/console-time-zone';
import { ApiError, createApiClient, TWO_FACTOR_REQUIRED, type ApiClient } from '../api/client';
import { memberProfileChangeOf, networkPatchOf, presenceChangeOf, withProfile, type ChangedMessage } from '../realtime/changes';
import { openRealtime } from '../realtime/realtime-connection';
import { createWatchedTopics, RECONNECTED, type WatchedTopics } from '../realtime/topics';
import { closeEarlyReads } from '../shell/early-reads';

type Network = NetworkResponse['network'];

export type SessionState =
  | { phase: 'loading' }
  | { phase: 'failed'; errorKey: string }
  | { phase: 'ready'; network: Network | null; member: MemberDto | null; can: NetworkResponse['can'] | null };

type ChangeListener = (message: ChangedMessage) => void;

export interface Session {
  state: SessionState;
  api: ApiClient;
  reload: () => Promise<void>;
  /**
   * The network enforces two-factor and this member has no factor it allows: the server refuses every
   * route but the setup (403 two_factor_required), and RequireMember keeps them on the setup screen.
   */
  twoFactorSetupRequired: boolean;
  /** the setup screen says so once the member has a factor the network allows */
  setTwoFactorSetupRequired: (required: boolean) => void;
  /** answers what the sign-in still needs: a second factor, or setting one up where the network enforces it */
  signIn: (request: SignInRequest) => Promise<{ twoFactorRequired: string[] | null; twoFactorSetupRequired: boolean }>;
  signOut: () => Promise<void>;
  setStatus: (request: SetPresenceRequest) => Promise<void>;
  /** pages that show members follow live changes through this */
  subscribe: (listener: ChangeListener) => () => void;
  /** a page asks the server for the changes of a topic while it is open (useLiveTopic) */
  watch: (topic: string) => () => void;
}

const SessionContext = createContext<Session | null>(null);

export const applyChange = (state: SessionState, message: ChangedMessage): SessionState => {
  if (state.phase !== 'ready') return state;
  let next = state;
  const networkPatch = networkPatchOf(message);
  if (next.network && networkPatch) next = { ...next, network: { ...next.network, ...networkPatch } };
  const presence = presenceChangeOf(message);
  if (presence && next.member && presence.memberId === next.member.id) {
    next = { ...next, member: { ...next.member, status: presence.status } };
  }
  // one's own names follow an edit (in this tab or another)
  const profile = memberProfileChangeOf(message);
  if (profile && next.member && profile.memberId === next.member.id) next = { ...next, member: withProfile(next.member, profile.patch) };
  return next;
};

/** Opens the realtime channel and returns the function that closes it (tests hand in their own). */
export type OpenChannel = (onChange: (message: ChangedMessage) => void, topics?: WatchedTopics, readBehind?: (position: number) => boolean) => () => void;

/** the session of a network answer; the client sends its CSRF token from now on */
const signedState = (api: ApiClient, response: NetworkResponse): SessionState => {
  api.setCsrfToken(response.csrf_token);
  setConsoleTimeZone(response.time_zone);
  return { phase: 'ready', network: response.network, member: response.current_member, can: response.can };
};

/**
 * `firstNetwork`: the network's answer already asked for (main.tsx asks before the strings have loaded,
 * so that both travel at once); the first load takes it instead of asking again. `firstAnswer`: that answer
 * once it is in (main.tsx waits for it beside the code), so the first render is already the member's
 * console, without a boot render and a second one.
 */
export const SessionProvider = ({
  children,
  api: givenApi,
  openChannel = openRealtime,
  firstNetwork,
  firstAnswer,
}: {
  children: ReactNode;
  api?: ApiClient;
  openChannel?: OpenChannel;
  firstNetwork?: Promise<NetworkResponse>;
  firstAnswer?: NetworkResponse;
}) => {
  const api = useMemo(() => givenApi ?? createApiClient(), [givenApi]);
  // held once: a later load (a reconnect, a sign-in) asks the server again
  const pendingNetwork = useRef(firstAnswer ? undefined : firstNetwork);
  const [state, setState] = useState<SessionState>(() => (firstAnswer ? signedState(api, firstAnswer) : { phase: 'loading' }));
  const listeners = useRef(new Set<ChangeListener>());
  const topics = useRef<WatchedTopics>(createWatchedTopics());
  const watch = useCallback((topic: string) => topics.current.watch(topic), []);
  const [twoFactorSetupRequired, setTwoFactorSetupRequired] = useState(false);
  useEffect(() => api.onTwoFactorSetupRequired(() => setTwoFactorSetupRequired(true)), [api]);

  const reload = useCallback(async () => {
    const asked = pendingNetwork.current;
    pendingNetwork.current = undefined;
    try {
      setState(signedState(api, await (asked ?? api.network())));
    } catch (error) {
      // an answer asked for before the session listened to the client still says a second factor is due
      if (asked && error instanceof ApiError && error.body.error === TWO_FACTOR_REQUIRED) setTwoFactorSetupRequired(true);
      if (error instanceof ApiError && error.status === 401) {
        api.setCsrfToken(null);
        setState({ phase: 'ready', network: null, member: null, can: null });
      } else {
        setState({ phase: 'failed', errorKey: error instanceof ApiError ? error.key : 'generic_error' });
      }
    }
  }, [api]);

  const answered = firstAnswer !== undefined;
  useEffect(() => {
    if (!answered) void reload();
  }, [reload, answered]);

  // once the session is known the first page has rendered and asked for its data (children's effects run
  // first): reads ahead it did not take are dropped, the realtime channel keeps pages current from here
  const settled = state.phase !== 'loading';
  useEffect(() => {
    if (!settled) return;
    api.endReadAhead();
    // and the boot script's answers nobody took, or it started late: from now on they would be stale
    closeEarlyReads();
  }, [settled, api]);

  const signedInId = state.phase === 'ready' ? (state.member?.id ?? null) : null;
  useEffect(() => {
    if (!signedInId) return undefined;
    return openChannel((message) => {
      // back after a break: the network and the member's own state are read again, like every page's data
      if (message.collection === RECONNECTED) void reload();
      else setState((current) => applyChange(current, message));
      for (const listener of listeners.current) listener(message);
    }, topics.current, api.readBehind);
  }, [signedInId, openChannel, reload, api]);

  const session = useMemo<Session>(
    () => ({
      state,
      api,
      reload,
      twoFactorSetupRequired,
      setTwoFactorSetupRequired,
      signIn: async (request) => {
        const answer = await api.signIn(request);
        if ('two_factor_required' in answer) return { twoFactorRequired: answer.methods, twoFactorSetupRequired: false };
        await reload();
        setTwoFactorSetupRequired(answer.two_factor_setup_required === true);
        return { twoFactorRequired: null, twoFactorSetupRequired: answer.two_factor_setup_required === true };
      },
      signOut: async () => {
        await api.signOut();
        setTwoFactorSetupRequired(false);
        setState((current) =>
          current.phase === 'ready' ? { ...current, member: null, can: null } : { phase: 'ready', network: null, member: null, can: null },
        );
      },
      setStatus: async (request) => {
        await api.setStatus(request);
        setState((current) =>
          current.phase === 'ready' && current.member
            ? { ...current, member: { ...current.member, status: { type: request.type, text: request.text ?? '' } } }
            : current,
        );
      },
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => {
          listeners.current.delete(listener);
        };
      },
      watch,
    }),
    [state, api, reload, watch, twoFactorSetupRequired],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
};

export const useSession = (): Session => {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
};

/** For pages that only render for a signed-in member (behind RequireMember). */
export const useSignedIn = () => {
  const { state } = useSession();
  if (state.phase !== 'ready' || !state.member || !state.can || !state.network) {
    throw new Error('useSignedIn outside a signed-in route');
  }
  return { network: state.network, member: state.member, can: state.can };
};
