import { OFFLINE_MESSAGES } from '../../shared/messages';
import { useConnectionState, type ConnectionState } from '../lib/connection/connection-state';

const WORDS: Record<Exclude<ConnectionState, 'offline'>, string> = {
  unknown: OFFLINE_MESSAGES.connecting,
  online: OFFLINE_MESSAGES.online,
};

/**
 * The data connection (docs/product.md §4), kept discreet: screen readers hear every change, while the eye is only told
 * when the app is offline (on a phone, in one word).
 */
export function ConnectionStatus() {
  const state = useConnectionState();
  return (
    <p className={`connection-status connection-${state}`} role="status" aria-live="polite">
      {state === 'offline' ? (
        <>
          <span className="connection-dot" aria-hidden="true" />
          <span>
            {OFFLINE_MESSAGES.offline}
            <span className="connection-detail">{OFFLINE_MESSAGES.offlineDetail}</span>
          </span>
        </>
      ) : (
        <span className="visually-hidden">{WORDS[state]}</span>
      )}
    </p>
  );
}
