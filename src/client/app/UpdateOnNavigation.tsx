import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { reloadIfUpdated } from '../lib/app-update';

/** Loads a new version of the app, when one is waiting, as the user moves to another screen. */
export function UpdateOnNavigation() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) reloadIfUpdated();
  }, [key]);
  return null;
}
