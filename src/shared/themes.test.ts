import { describe, expect, it } from 'vitest';
import { THEMES, THEME_NAMES, contrastRatio, readableOn, themeCssVariables } from './themes';

/** WCAG 2.1 AA for normal text. */
const AA = 4.5;

describe.each(THEME_NAMES)('the %s theme', (name) => {
  const colors = THEMES[name].colors;

  it.each([
    ['text', 'background'],
    ['text', 'cardbackground'],
    ['text', 'secondary'],
    ['link', 'background'],
    ['link', 'cardbackground'],
    ['link', 'secondary'],
    ['inactive', 'background'],
    ['inactive', 'cardbackground'],
    ['inactive', 'secondary'],
    ['accent', 'cardbackground'],
  ] as const)('keeps %s on %s readable (WCAG AA)', (text, surface) => {
    expect(contrastRatio(colors[text], colors[surface])).toBeGreaterThanOrEqual(AA);
  });

  it('keeps text on filled buttons and the header readable', () => {
    const variables = themeCssVariables(name);
    expect(contrastRatio(variables['--color-on-primary'] ?? '', colors.primary)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(variables['--color-on-header'] ?? '', colors.header)).toBeGreaterThanOrEqual(AA);
  });

  it('sets one custom property per colour slot', () => {
    const variables = themeCssVariables(name);
    for (const slot of Object.keys(colors)) expect(variables[`--color-${slot}`]).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('readableOn', () => {
  it('picks light text on dark surfaces and dark text on light ones', () => {
    expect(readableOn('#121212')).toBe('#ffffff');
    expect(readableOn('#f5ecdd')).toBe('#111111');
  });
});
