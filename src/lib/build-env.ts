/**
 * The site build's environment, read once, here: the Astro config and the commands read their own, and
 * the `PUBLIC_*` contact channels come through `astro:env` (declared in astro.config.mjs). A module that
 * read `process.env` itself could not be handed another environment by a test.
 */

/** Set to `1` by `npm run bench:build`: each step after rendering prints its time (build-timing.ts). */
export const BUILD_TIMINGS_ENV = 'ANGRAM_BUILD_TIMINGS';

export interface BuildEnv {
  /** `production` on a deployment: example contact data stops the build instead of warning. */
  siteEnv: string | undefined;
  /** Whether the build prints how long each step after rendering took. */
  buildTimings: boolean;
}

export function readBuildEnv(env: Readonly<Record<string, string | undefined>>): BuildEnv {
  return {
    siteEnv: env.SITE_ENV,
    buildTimings: env[BUILD_TIMINGS_ENV] === '1',
  };
}

export const BUILD_ENV: BuildEnv = readBuildEnv(process.env);
