import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { accessibleTextColor } from './theme.utils';

/** CareLoop teal. Shade 8 is the primary shade: white text on it has a 6:1 contrast ratio. */
const careloop: MantineColorsTuple = [
  '#e6f7f8',
  '#cdeef1',
  '#9cdde3',
  '#66cbd5',
  '#3bbcc9',
  '#1fb2c1',
  '#0a9fae',
  '#0a7d8a',
  '#0b6e79',
  '#075560',
];

export const theme = createTheme({
  primaryColor: 'careloop',
  primaryShade: { light: 8, dark: 6 },
  // Filled variants pick black or white text, whichever reads at AA: white keeps 4.5:1 up to a
  // background luminance of 0.183, black from 0.175.
  autoContrast: true,
  luminanceThreshold: 0.183,
  colors: { careloop },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Links inside text are told apart by more than colour (axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Mantine's light-scheme defaults fall below 4.5:1 in places: dimmed (gray 6) and error (red 6)
 * texts, and the text of `c="color"`, light, outline and subtle variants in green, teal, lime, yellow, orange.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const variantTexts: Record<string, string> = {};
  for (const [name, palette] of Object.entries(resolved.colors)) {
    if (palette.length !== 10) continue;
    const text = accessibleTextColor(palette);
    variantTexts[`--mantine-color-${name}-light-color`] = text;
    variantTexts[`--mantine-color-${name}-outline`] = text;
    variantTexts[`--mantine-color-${name}-text`] = text;
  }
  return {
    variables: {},
    light: {
      ...variantTexts,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    },
    dark: {},
  };
};
