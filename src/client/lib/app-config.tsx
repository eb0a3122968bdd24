import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { api } from './api';
import { connection } from './connection/connection-state';

/** The server's SIGNUPS (src/server/config.ts). */
export type SignupMode = 'open' | 'invite' | 'closed';

export interface AppConfig {
  announcement: string;
  /** A hosted (YouTube) demo video; null plays the walkthrough the server hosts itself. */
  demoVideoId: string | null;
  /** The address the About page gives for contact; none when the operator has not set SUPPORT_EMAIL. */
  supportEmail?: string | null;
  /** Who may sign up (SIGNUPS): anyone, people with an invite code, or nobody. */
  signups?: SignupMode;
}

function isSignupMode(value: unknown): value is SignupMode {
  return value === 'open' || value === 'invite' || value === 'closed';
}

/** The settings the server wrote into the page (a meta tag), so the banner is there on the first paint. */
function configFromPage(): AppConfig | undefined {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const value: unknown = JSON.parse(content);
    if (
      typeof value === 'object' &&
      value !== null &&
      'announcement' in value &&
      typeof value.announcement === 'string' &&
      'demoVideoId' in value &&
      (typeof value.demoVideoId === 'string' || value.demoVideoId === null)
    ) {
      const supportEmail = 'supportEmail' in value && typeof value.supportEmail === 'string' ? value.supportEmail : null;
      const signups = 'signups' in value && isSignupMode(value.signups) ? value.signups : undefined;
      return { announcement: value.announcement, demoVideoId: value.demoVideoId, supportEmail, signups };
    }
  } catch {
    // A malformed tag: the server's answer stands in.
  }
  return undefined;
}

export interface AppConfigState {
  /** The settings as last known: the page's copy, then the server's answer; undefined while neither has come. */
  data: AppConfig | undefined;
  /** The last request for them failed (the copy in `data`, if any, still stands). */
  isError: boolean;
}

/**
 * The operator's settings for one page or render, kept outside the query cache: the landing page's light start has
 * no data layer (docs/decisions/023).
 */
export interface AppConfigSource {
  state(): AppConfigState;
  subscribe(listener: () => void): () => void;
  /**
   * Asks the server unless it has already answered this visit: a page the service worker kept may hold older
   * settings. After a failure, the next call asks again.
   */
  confirm(): void;
  /** Asks the server again; calls made while it is being asked share its answer. */
  refetch(): Promise<void>;
}

/** Settings that start as `initial` and, given `fetchConfig`, are confirmed by the server once it has answered. */
export function createAppConfigSource(initial: AppConfig | undefined, fetchConfig?: () => Promise<AppConfig>): AppConfigSource {
  let current: AppConfigState = { data: initial, isError: false };
  let confirmed = false;
  let asking: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: AppConfigState) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const ask = async (load: () => Promise<AppConfig>) => {
    try {
      set({ data: await load(), isError: false });
      confirmed = true;
    } catch {
      set({ data: current.data, isError: true });
    } finally {
      asking = undefined;
    }
  };
  const refetch = () => {
    if (!fetchConfig) return Promise.resolve();
    return (asking ??= ask(fetchConfig));
  };
  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    confirm() {
      if (!confirmed) void refetch();
    },
    refetch,
  };
}

let pageSource: AppConfigSource | undefined;

/** This page's settings: its meta tag's copy, confirmed by `/api/config`, asked again when the connection comes back. */
function pageConfig(): AppConfigSource {
  if (!pageSource) {
    const source = createAppConfigSource(configFromPage(), () => api.get<AppConfig>('/api/config'));
    connection.subscribe((state) => {
      if (state === 'online') source.confirm();
    });
    pageSource = source;
  }
  return pageSource;
}

const AppConfigContext = createContext<AppConfigSource | null>(null);

/** Settings given to a render rather than read from the page: the pages made ahead of time are rendered with them. */
export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [source] = useState(() => createAppConfigSource(config));
  return <AppConfigContext.Provider value={source}>{children}</AppConfigContext.Provider>;
}

/**
 * Operator settings the server exposes to every visitor: the banner text, the demo video, the contact address and
 * who may sign up. The page's copy shows at once and is confirmed with one request a visit (asked again, until it is
 * answered, by the next part that reads the settings and when the connection comes back).
 */
export function useAppConfig(): AppConfigState & { refetch: () => Promise<void> } {
  const given = useContext(AppConfigContext);
  const source = given ?? pageConfig();
  const state = useSyncExternalStore(source.subscribe, source.state, source.state);
  useEffect(() => source.confirm(), [source]);
  return { ...state, refetch: source.refetch };
}

/**
 * Whether the landing and login pages offer sign-up, ask for an invite code too, or say sign-ups are closed. Open
 * until the server says otherwise; the server refuses a sign-up its mode does not allow in any case.
 */
export function useSignupMode(): SignupMode {
  const signups = useAppConfig().data?.signups;
  return isSignupMode(signups) ? signups : 'open';
}
