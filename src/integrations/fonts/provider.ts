/**
 * An Astro Fonts API provider that serves the subset files of subset-fonts.ts. The local provider cannot
 * tag a face, and the tag is what lets `<Font preload>` preload the site's characters and not the rest.
 */
import type { FontProvider } from 'astro';
import type { SubsetFamily, SubsetName } from './subset-fonts.ts';

export interface SubsetProviderOptions {
  faces: ReadonlyArray<{ subset: SubsetName; weight: string; file: string; unicodeRange: readonly string[] }>;
}

export function subsetFontProvider(): FontProvider<SubsetProviderOptions> {
  return {
    name: 'angram-subset',
    resolveFont({ options }) {
      if (!options) return undefined;
      return {
        fonts: options.faces.map((face) => ({
          src: [{ url: face.file, format: 'woff2' }],
          weight: face.weight,
          style: 'normal',
          unicodeRange: [...face.unicodeRange],
          meta: { subset: face.subset },
        })),
      };
    },
  };
}

/**
 * The `fonts` entries of astro.config for the subset families. The preloaded site face comes first:
 * Astro measures a family's metric-matched fallback on its first face only, and a rest file has no
 * Latin letters to measure, so the fallback matches the font the text is set in.
 */
export function fontFamiliesConfig(families: readonly SubsetFamily[], provider: FontProvider<SubsetProviderOptions>) {
  return families.map(({ spec, faces }) => ({
    provider,
    name: spec.name,
    cssVariable: spec.cssVariable,
    fallbacks: spec.fallbacks,
    options: {
      faces: [...faces]
        .sort((a, b) => (a.subset === b.subset ? 0 : a.subset === 'site' ? -1 : b.subset === 'site' ? 1 : 0))
        .map(({ subset, weight, file, unicodeRange }) => ({ subset, weight, file, unicodeRange })),
    },
  }));
}
