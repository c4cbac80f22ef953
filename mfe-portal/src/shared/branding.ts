import type { DefaultTheme } from 'styled-components';

/** What an integrator may change of the portal's look (mount's `theme` option); it wins over the descriptor's colour. */
export interface PortalThemeOverrides {
  colors?: Partial<DefaultTheme['colors']>;
  font?: { family?: string };
}

const HEX_COLOR = /^#([0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

const darken = (hex: string, factor: number) =>
  `#${channels(hex)
    .map((channel) =>
      Math.round(channel * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Text on the brand colour: white or black, whichever reads better (one of them always reaches 4.5:1). */
export const textOn = (hex: string) => (contrast(hex, '#ffffff') >= contrast(hex, '#000000') ? '#ffffff' : '#000000');

/**
 * The portal's theme: the kit's, with the manufacturer's brand colour (a `#rrggbb` of its settings) as the primary
 * colour and the text on it chosen for contrast, then the integrator's overrides.
 */
export function portalTheme(
  base: DefaultTheme,
  brandColor: string | null | undefined,
  overrides: PortalThemeOverrides = {},
): DefaultTheme {
  const brand = brandColor && HEX_COLOR.test(brandColor) ? brandColor.toLowerCase() : null;
  const branded = brand ? { primary: brand, primaryHover: darken(brand, 0.8), onPrimary: textOn(brand) } : {};
  return {
    ...base,
    colors: { ...base.colors, ...branded, ...overrides.colors },
    font: { ...base.font, ...(overrides.font?.family ? { family: overrides.font.family } : {}) },
  };
}
