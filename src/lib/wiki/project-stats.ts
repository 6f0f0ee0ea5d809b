/**
 * Reads the project at build time for the overview's stat cards (see `stats.ts` for the rules).
 * Paths are relative to the project root, where `astro build` runs.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import {
  countComponents,
  countPublicRoutes,
  lighthouseMinimum,
  type GeneratedPages,
  type LighthouseFigure,
} from './stats.ts';

export const LIGHTHOUSE_SUMMARY_PATH = 'bench/lighthouse-summary.json';

export interface ProjectStats {
  components: number;
  routes: number;
  lighthouse: LighthouseFigure | null;
}

function readLighthouse(): LighthouseFigure | null {
  if (!existsSync(LIGHTHOUSE_SUMMARY_PATH)) return null;
  try {
    return lighthouseMinimum(JSON.parse(readFileSync(LIGHTHOUSE_SUMMARY_PATH, 'utf8')));
  } catch {
    // A half-written or hand-edited file counts as "not measured" rather than breaking the build.
    return null;
  }
}

/** `generated`: the pages the dynamic routes build, which the caller reads from the content collections. */
export function projectStats(generated: GeneratedPages): ProjectStats {
  const components = globSync(['src/components/**/*.astro', 'src/islands/**/*.tsx']);
  const routes = globSync('src/pages/**/*.{astro,md,mdx,ts}');
  return {
    components: countComponents(components),
    routes: countPublicRoutes(routes, generated),
    lighthouse: readLighthouse(),
  };
}
