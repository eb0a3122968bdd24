import { useQuery } from '@tanstack/react-query';
import { api } from './api';

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

export const appConfigQueryKey = ['app-config'] as const;

/** The settings the server wrote into the page (a meta tag), so the banner is there on the first paint. */
function configFromPage(): AppConfig | undefined {
  // Rendered ahead of time there is no page: the renderer puts the settings into the query cache itself.
  if (typeof document === 'undefined') return undefined;
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
    // A malformed tag: the request below answers instead.
  }
  return undefined;
}

const fromPage = configFromPage();

/**
 * Operator settings the server exposes to every visitor: the banner text, the demo video and the contact address.
 * The page's copy shows at once; it is confirmed with one request, since a page served by the service worker can be
 * older.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: () => api.get<AppConfig>('/api/config'),
    initialData: fromPage,
    initialDataUpdatedAt: 0,
    // The page's copy (dated 0) is asked for again once; the server's answer then stands for the visit.
    staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Infinity),
    retry: false,
  });
}

/**
 * Whether the landing and login pages offer sign-up, ask for an invite code too, or say sign-ups are closed. Open
 * until the server says otherwise; the server refuses a sign-up its mode does not allow in any case.
 */
export function useSignupMode(): SignupMode {
  const signups = useAppConfig().data?.signups;
  return isSignupMode(signups) ? signups : 'open';
}
