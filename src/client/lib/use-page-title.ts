import { useEffect } from 'react';

const APP_NAME = 'Gratitude Journal';

/** Gives each screen its own document title, so tabs, history and screen readers can tell them apart. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
