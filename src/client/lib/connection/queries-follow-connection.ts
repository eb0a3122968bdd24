import { onlineManager } from '@tanstack/react-query';
import { connection } from './connection-state';

/**
 * Makes the query cache follow the connection: queries pause their retries while offline and refetch (and paused
 * work resumes) when back online. It starts from the connection as it is now: the landing page's light start may have
 * found the server unreachable before it handed the page to the app.
 */
export function queriesFollowConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(connection.state() !== 'offline');
    return connection.subscribe((state) => setOnline(state !== 'offline'));
  });
}
