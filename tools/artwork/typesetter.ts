/**
 * Turns text into SVG path data with the site's own self-hosted fonts (Sora, Inter), so rendered
 * artwork never depends on the fonts installed on the machine that runs the generator.
 *
 * The fonts are variable WOFF2 files. fontkit cannot apply variations to WOFF2 directly, so each file
 * is first decoded to TrueType bytes with wawoff2 (Google's reference decoder compiled to wasm).
 */
import { readFile } from 'node:fs/promises';
import { create, type Font } from 'fontkit';
import wawoff2 from 'wawoff2';
import { n } from './svg.ts';

const FONT_FILES = {
  sora: new URL('../../src/assets/fonts/sora-latin-wght.woff2', import.meta.url),
  inter: new URL('../../src/assets/fonts/inter-latin-wght.woff2', import.meta.url),
} as const;

export type Family = keyof typeof FONT_FILES;

export interface TextOptions {
  family: Family;
  weight: number;
  /** Font size in px (em size). */
  size: number;
  /** Pen position; `y` is the baseline. */
  x: number;
  y: number;
  /** Extra space between letters, in em. */
  tracking?: number;
  anchor?: 'start' | 'middle' | 'end';
}

export interface TextRun {
  d: string;
  width: number;
}

export interface Typesetter {
  text(content: string, options: TextOptions): TextRun;
  measure(content: string, options: Pick<TextOptions, 'family' | 'weight' | 'size' | 'tracking'>): number;
  /** Cap height in px for the given family and size (to centre text optically). */
  capHeight(family: Family, size: number): number;
}

function isFont(value: unknown): value is Font {
  return typeof value === 'object' && value !== null && 'layout' in value;
}

async function loadFamily(family: Family): Promise<Font> {
  const ttf = await wawoff2.decompress(await readFile(FONT_FILES[family]));
  const font = create(Buffer.from(ttf));
  if (!isFont(font)) throw new Error(`${family}: expected a single font, got a collection`);
  return font;
}

export async function loadTypesetter(): Promise<Typesetter> {
  const bases: Record<Family, Font> = { sora: await loadFamily('sora'), inter: await loadFamily('inter') };
  const instances = new Map<string, Font>();

  function instance(family: Family, weight: number): Font {
    const key = `${family}:${weight}`;
    let font = instances.get(key);
    if (!font) {
      font = bases[family].getVariation({ wght: weight });
      instances.set(key, font);
    }
    return font;
  }

  function measure(content: string, options: Pick<TextOptions, 'family' | 'weight' | 'size' | 'tracking'>): number {
    const font = instance(options.family, options.weight);
    const run = font.layout(content);
    const scale = options.size / font.unitsPerEm;
    const advance = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
    const tracking = (options.tracking ?? 0) * options.size * Math.max(0, run.glyphs.length - 1);
    return advance * scale + tracking;
  }

  function text(content: string, options: TextOptions): TextRun {
    const font = instance(options.family, options.weight);
    const run = font.layout(content);
    const scale = options.size / font.unitsPerEm;
    const width = measure(content, options);
    const shift = options.anchor === 'middle' ? width / 2 : options.anchor === 'end' ? width : 0;
    const tracking = (options.tracking ?? 0) * options.size;
    let pen = options.x - shift;
    const parts: string[] = [];
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index];
      if (!position) return;
      const originX = pen + position.xOffset * scale;
      const originY = options.y - position.yOffset * scale;
      const point = (px: number, py: number): string => `${n(originX + px * scale)} ${n(originY - py * scale)}`;
      for (const { command, args } of glyph.path.commands) {
        if (command === 'moveTo') parts.push(`M${point(args[0] ?? 0, args[1] ?? 0)}`);
        else if (command === 'lineTo') parts.push(`L${point(args[0] ?? 0, args[1] ?? 0)}`);
        else if (command === 'quadraticCurveTo')
          parts.push(`Q${point(args[0] ?? 0, args[1] ?? 0)} ${point(args[2] ?? 0, args[3] ?? 0)}`);
        else if (command === 'bezierCurveTo')
          parts.push(
            `C${point(args[0] ?? 0, args[1] ?? 0)} ${point(args[2] ?? 0, args[3] ?? 0)} ${point(args[4] ?? 0, args[5] ?? 0)}`,
          );
        else parts.push('Z');
      }
      pen += position.xAdvance * scale + tracking;
    });
    return { d: parts.join(''), width };
  }

  function capHeight(family: Family, size: number): number {
    const font = bases[family];
    return (font.capHeight / font.unitsPerEm) * size;
  }

  return { text, measure, capHeight };
}
