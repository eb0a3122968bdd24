import { useLocation } from 'react-router';
import { useNavigationEffect } from './use-navigation-effect';

/** How long to wait for a lazily loaded page to show its heading, in animation frames (about half a second). */
const MAX_FRAMES = 30;

/**
 * After a navigation inside the app, keyboard focus that was left on nothing (the link pressed went away with the
 * page or the menu it was in) moves to the new page's heading, so that screen readers say where the user now is and
 * Tab continues from there. Focus that a page placed itself, or that stayed on a control still shown, is left alone.
 */
export function FocusAfterNavigation() {
  const { pathname, search } = useLocation();
  useNavigationEffect(() => {
    let frames = 0;
    let request = 0;
    const focusHeading = () => {
      const focused = document.activeElement;
      if (focused && focused !== document.body) return;
      const heading = document.querySelector<HTMLElement>('#main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (++frames < MAX_FRAMES) {
        request = requestAnimationFrame(focusHeading);
      }
    };
    request = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(request);
  }, `${pathname}${search}`);
  return null;
}
