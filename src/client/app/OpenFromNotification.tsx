import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths';

/**
 * A reminder notification tapped while the journal is open: the service worker (public/push-sw.js) brings this
 * window forward and asks it for today's entry form, which opens here, in the same window.
 */
export function OpenFromNotification() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return undefined;
    const open = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'open' && data.url === paths.writeToday) void navigate(paths.writeToday);
    };
    navigator.serviceWorker.addEventListener('message', open);
    return () => navigator.serviceWorker.removeEventListener('message', open);
  }, [navigate]);
  return null;
}
