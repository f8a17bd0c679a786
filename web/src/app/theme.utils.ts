import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

/**
 * A text colour for the light, outline, subtle and transparent variants of a palette: its darkest
 * shade, darkened further until it reads at AA on the palette's light background (shade 1).
 */
export function accessibleTextColor(palette: MantineColorsTuple): string {
  const background = palette[1];
  let amount = 0;
  let color = palette[9];
  while (contrastRatio(color, background) < AA_TEXT && amount < 0.9) {
    amount += 0.05;
    color = darken(palette[9], amount);
  }
  return color;
}
