import { THEMES, THEME_NAMES } from '../../shared/themes';
import { useCurrentTheme } from '../lib/theme';
import { useThemeChoice } from './use-theme-choice';

export function ThemeSwatches() {
  const current = useCurrentTheme();
  const choose = useThemeChoice();

  return (
    <div className="theme-picker" role="group" aria-labelledby="theme-picker-label">
      <span id="theme-picker-label" className="theme-picker-label">
        Theme
      </span>
      <div className="theme-swatches">
        {THEME_NAMES.map((name) => {
          const { label } = THEMES[name];
          return (
            <button
              key={name}
              type="button"
              className={`swatch swatch-${name}`}
              aria-label={label}
              aria-pressed={current === name}
              title={label}
              onClick={() => choose(name)}
            />
          );
        })}
      </div>
    </div>
  );
}
