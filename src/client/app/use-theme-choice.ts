import { useCallback } from 'react';
import type { ThemeName } from '../../shared/themes';
import { patchProfile } from '../lib/session/api';
import { useAuth } from '../lib/session/auth-context';
import { applyTheme, currentTheme } from '../lib/theme';

/**
 * Picking a theme paints it at once and remembers it on this device; for a signed-in user it is also saved
 * to the profile, and a failed save puts the previous theme back.
 */
export function useThemeChoice(): (name: ThemeName) => void {
  const { user, setProfile } = useAuth();
  const canSave = user?.emailVerified === true;

  return useCallback(
    (name: ThemeName) => {
      const previous = currentTheme();
      if (name === previous) return;
      applyTheme(name);
      if (!canSave) return;
      patchProfile({ theme: name }).then(setProfile, (error: unknown) => {
        console.warn('Could not save the theme; restoring the previous one', error);
        applyTheme(previous);
      });
    },
    [canSave, setProfile],
  );
}
