/**
 * The site build's environment, read once, here: the Astro config and the commands read their own, and
 * the `PUBLIC_*` contact channels come through `astro:env` (declared in astro.config.mjs). A module that
 * read `process.env` itself could not be handed another environment by a test.
 */

/** Set to `1` by `npm run bench:build`: each step after rendering prints its time (build-timing.ts). */
export const BUILD_TIMINGS_ENV = 'ANGRAM_BUILD_TIMINGS';
/**
 * Set to `1` by `npm run bench:build -- --no-incremental`: every page is rendered and none is kept for the
 * next build, to measure what keeping them costs a clean build.
 */
export const NO_INCREMENTAL_ENV = 'ANGRAM_NO_INCREMENTAL';

export interface BuildEnv {
  /** `production` on a deployment: example contact data stops the build instead of warning. */
  siteEnv: string | undefined;
  /** Whether the build prints how long each step after rendering took. */
  buildTimings: boolean;
  /** Whether Astro keeps built pages for the next build (astro.config.mjs, `experimental.incrementalBuild`). */
  incrementalBuild: boolean;
  /**
   * The variables a page may print (the site's address, its public contact channels, analytics
   * settings), sorted by name: a built page kept for the next build is stale when one changes.
   */
  pageVariables: ReadonlyArray<readonly [string, string]>;
}

const PAGE_VARIABLE = /^(PUBLIC_|SITE_|VITALS_)/;

export function readBuildEnv(env: Readonly<Record<string, string | undefined>>): BuildEnv {
  return {
    siteEnv: env.SITE_ENV,
    buildTimings: env[BUILD_TIMINGS_ENV] === '1',
    incrementalBuild: env[NO_INCREMENTAL_ENV] !== '1',
    pageVariables: Object.entries(env)
      .filter((entry): entry is [string, string] => PAGE_VARIABLE.test(entry[0]) && entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  };
}

export const BUILD_ENV: BuildEnv = readBuildEnv(process.env);
