import { useEffect, useRef } from 'react';

/** Moves focus to the element once it is shown, so keyboard and screen-reader users land on the new step. */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
