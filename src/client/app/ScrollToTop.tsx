import { useLocation } from 'react-router';
import { useNavigationEffect } from './use-navigation-effect';

/**
 * A new page starts at its top, as a full page load would; a #hash is left to the page that owns it. The page the app
 * starts on is left where it is: a page made ahead of time may have been scrolled before the app took it over, and a
 * reload puts the reader back where they were.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useNavigationEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, `${pathname}${hash}`);
  return null;
}
