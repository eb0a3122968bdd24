/** The three colour themes of docs/product.md §3, applied as CSS custom properties on <html>. */
export const THEME_NAMES = ['default', 'serene', 'dark'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface ThemeColors {
  themekey: string;
  text: string;
  accent: string;
  primary: string;
  link: string;
  secondary: string;
  inactive: string;
  cardbackground: string;
  background: string;
  header: string;
}

export interface Theme {
  name: ThemeName;
  label: string;
  colors: ThemeColors;
}

export const THEMES: Record<ThemeName, Theme> = {
  default: {
    name: 'default',
    label: 'Default theme: teal and beige',
    colors: {
      themekey: '#3f7f7a',
      text: '#2b2b2b',
      accent: '#2f6f69',
      primary: '#2f6f69',
      link: '#245b56',
      secondary: '#e8dcc8',
      inactive: '#595d62',
      cardbackground: '#fffaf2',
      background: '#f5ecdd',
      header: '#3f7f7a',
    },
  },
  serene: {
    name: 'serene',
    label: 'Serene theme: lavender',
    colors: {
      themekey: '#8e7cc3',
      text: '#2e2640',
      accent: '#6a55a8',
      primary: '#6a55a8',
      link: '#56438f',
      secondary: '#e6e0f5',
      inactive: '#5e5873',
      cardbackground: '#fbf9ff',
      background: '#efeaf8',
      header: '#6a55a8',
    },
  },
  dark: {
    name: 'dark',
    label: 'Dark theme',
    colors: {
      themekey: '#1f1f1f',
      text: '#ececec',
      accent: '#7fc8c0',
      primary: '#7fc8c0',
      link: '#9ad7cf',
      secondary: '#2c2c2c',
      inactive: '#a8a8a8',
      cardbackground: '#1e1e1e',
      background: '#121212',
      header: '#1b1b1b',
    },
  },
};

export const DEFAULT_THEME: ThemeName = 'default';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#111111';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** Text colour for a filled surface (buttons, header) that keeps WCAG AA contrast in every theme. */
export function readableOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Everything a theme sets on <html>: one custom property per colour slot plus the text colours for filled
 * surfaces. The app (lib/theme.ts) and the boot script that paints before the first render
 * (vite.config.ts, theme-boot.js) both read this, so the two can never disagree.
 */
export function themeCssVariables(name: ThemeName): Record<string, string> {
  const { colors } = THEMES[name];
  const variables: Record<string, string> = {};
  for (const [slot, value] of Object.entries(colors)) variables[`--color-${slot}`] = value;
  variables['--color-on-primary'] = readableOn(colors.primary);
  variables['--color-on-header'] = readableOn(colors.header);
  return variables;
}

export function themeColorScheme(name: ThemeName): 'light' | 'dark' {
  return name === 'dark' ? 'dark' : 'light';
}
