import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at its top, as a full page load would; a #hash is left to the page that owns it. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
