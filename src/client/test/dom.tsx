import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Profile, SessionUser } from '../../shared/profile-schemas';
import { AppConfigProvider, type AppConfig } from '../lib/app-config';
import { AuthContext, type AuthContextValue } from '../lib/session/auth-context';
import { ToastProvider } from '../ui/ToastProvider';

/*
 * Drawing one screen in a test, in happy-dom's document (a test file that uses this starts with
 * `// @vitest-environment happy-dom`), inside what the app gives every screen: the router at an address, the query
 * cache, a session, the operator's settings and the toasts. What the screen asks the server is answered by the test
 * (`answer`), as the server would: the screen's own code, from its hooks to its requests, runs as it does in the app.
 */

// React's act() warns unless the environment says it is a test's.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

export const USER: SessionUser = {
  id: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada',
  emailVerified: true,
};

export const PROFILE: Profile = {
  uid: USER.id,
  email: USER.email,
  displayName: USER.displayName,
  createdAt: '2026-01-05T09:00:00.000Z',
  showMemorySection: false,
  writePastDays: false,
  calendarPhotos: false,
  theme: null,
  welcomeSeen: true,
  prompts: { set: 'own' },
};

const OPEN_SIGNUPS: AppConfig = { announcement: '', demoVideoId: null, supportEmail: null, signups: 'open' };

export interface DrawOptions {
  /** The address the router is at. */
  at?: string;
  /** Signed in as USER with PROFILE unless given; `null`: nobody. */
  user?: SessionUser | null;
  profile?: Profile | null;
  config?: AppConfig;
}

export interface Drawn {
  container: HTMLElement;
  /** The session's setProfile calls, the latest last. */
  profiles: Profile[];
}

let mounted: { root: Root; container: HTMLElement } | null = null;

function unmount(): void {
  if (!mounted) return;
  const { root, container } = mounted;
  act(() => root.unmount());
  container.remove();
  mounted = null;
}

afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
});

/** Draws `screen` as the app would at `options.at`, signed in unless `user` is null, in place of what was drawn. */
export async function draw(screen: ReactNode, options: DrawOptions = {}): Promise<Drawn> {
  unmount();
  const user = options.user === undefined ? USER : options.user;
  const profiles: Profile[] = [];
  const auth: AuthContextValue = {
    user,
    profile: options.profile === undefined ? (user ? PROFILE : null) : options.profile,
    isLoading: false,
    signedOut: false,
    acknowledgeSignOut: () => undefined,
    setSession: () => undefined,
    setProfile: (profile) => profiles.push(profile),
    signOut: () => Promise.resolve(),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <StrictMode>
        <MemoryRouter initialEntries={[options.at ?? '/']}>
          <AppConfigProvider config={options.config ?? OPEN_SIGNUPS}>
            <QueryClientProvider client={queryClient}>
              <AuthContext.Provider value={auth}>
                <ToastProvider>
                  {/* As the app's page layout: a page whose code loads lazily waits here. */}
                  <Suspense fallback={null}>{screen}</Suspense>
                </ToastProvider>
              </AuthContext.Provider>
            </QueryClientProvider>
          </AppConfigProvider>
        </MemoryRouter>
      </StrictMode>,
    );
  });
  return { container, profiles };
}

export interface Request {
  method: string;
  path: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Answers the screen's requests with `reply` (as the server would) and keeps them, in order. A reply may wait on a
 * promise, to look at the screen while a request is under way.
 */
export function answer(reply: (request: Request) => Answer | Promise<Answer>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request = { method: init.method ?? 'GET', path: input, body: text === undefined ? undefined : JSON.parse(text) };
    requests.push(request);
    const { status, body } = await reply(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

/** The field a label names, as a person finds it. */
export function field(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const input = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`No field labelled "${label}"`);
  return input;
}

/** The button (or switch) whose words are `name`. */
export function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (element) => element.textContent?.trim() === name || element.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

/** The link whose words are `name`. */
export function link(name: string): HTMLAnchorElement {
  const found = [...document.querySelectorAll('a')].find((element) => element.textContent?.trim() === name);
  if (!found) throw new Error(`No link "${name}"`);
  return found;
}

export function hasLink(name: string): boolean {
  return [...document.querySelectorAll('a')].some((element) => element.textContent?.trim() === name);
}

export function hasButton(name: string): boolean {
  return [...document.querySelectorAll('button')].some((element) => element.textContent?.trim() === name);
}

/** The switch labelled `label`. */
export function switchNamed(label: string): HTMLButtonElement {
  const found = [...document.querySelectorAll<HTMLButtonElement>('button[role="switch"]')].find(
    (element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === label,
  );
  if (!found) throw new Error(`No switch "${label}"`);
  return found;
}

/** Types `value` into the field as a person does: it replaces what was there, and React hears an input event. */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Presses a form's submit button, as a person does: one that is disabled cannot be pressed. */
export async function submit(submitButton: HTMLButtonElement): Promise<void> {
  if (submitButton.type !== 'submit' || !submitButton.form) throw new Error('Not a form\'s submit button');
  if (submitButton.disabled) throw new Error(`"${submitButton.textContent}" is disabled`);
  await click(submitButton);
}

/** Waits (each turn inside act) until `check` stops throwing, for what follows an answer from the server. */
export async function settled(check: () => void, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** The words on screen, spaces made single. */
export function words(element: Element = document.body): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
