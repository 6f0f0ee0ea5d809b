/**
 * WCAG 2 contrast ratio between two sRGB colours (`#rgb` or `#rrggbb`), and the colour tokens of a
 * Tailwind `@theme` block. The wiki's colour page and status badges are checked with these.
 */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function parseHex(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Color inválido: ${hex}`);
  const digits = match[1].length === 3 ? match[1].replace(/./g, (digit) => digit + digit) : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface ColorToken {
  /** Name without the `--color-` prefix: `brand-600`. */
  name: string;
  value: string;
}

/** Every `--color-*: #hex;` declaration of a stylesheet, in order. */
export function parseColorTokens(css: string): ColorToken[] {
  return [...css.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((m) => ({
    name: m[1] as string,
    value: (m[2] as string).toLowerCase(),
  }));
}
