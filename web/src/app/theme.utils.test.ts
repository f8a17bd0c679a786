import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { AA_TEXT, accessibleTextColor, contrastRatio } from './theme.utils';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b6e79', '#0b6e79')).toBeCloseTo(1, 5);
  });
});

describe('accessibleTextColor', () => {
  const palettes = Object.entries({ ...DEFAULT_THEME.colors, ...theme.colors }) as [string, MantineColorsTuple][];

  it.each(palettes)('keeps %s text at AA on its light background and on white', (_name, palette) => {
    const text = accessibleTextColor(palette);
    expect(contrastRatio(text, palette[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('leaves an already readable shade alone', () => {
    const gray = DEFAULT_THEME.colors.gray;
    expect(accessibleTextColor(gray)).toBe(gray[9]);
  });
});
