import { useEffect } from 'react';
import { pageTitle } from '../../shared/page-title';

/** Gives each screen its own document title, so tabs, history and screen readers can tell them apart. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
