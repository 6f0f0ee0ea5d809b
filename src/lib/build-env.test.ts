import { describe, expect, it } from 'vitest';
import { BUILD_TIMINGS_ENV, NO_INCREMENTAL_ENV, readBuildEnv } from './build-env.ts';

describe('the build environment', () => {
  it('reads the deployment and the timings switch from the environment it is handed', () => {
    expect(readBuildEnv({ SITE_ENV: 'production', [BUILD_TIMINGS_ENV]: '1' })).toEqual({
      siteEnv: 'production',
      buildTimings: true,
      incrementalBuild: true,
      pageVariables: [['SITE_ENV', 'production']],
    });
  });

  it('prints no timings unless the switch is exactly 1', () => {
    for (const value of [undefined, '', '0', 'true', ' 1'])
      expect(readBuildEnv({ [BUILD_TIMINGS_ENV]: value }).buildTimings).toBe(false);
    expect(readBuildEnv({}).siteEnv).toBeUndefined();
  });

  it('keeps built pages for the next build unless the bench switches it off with exactly 1', () => {
    for (const value of [undefined, '', '0', 'true'])
      expect(readBuildEnv({ [NO_INCREMENTAL_ENV]: value }).incrementalBuild).toBe(true);
    expect(readBuildEnv({ [NO_INCREMENTAL_ENV]: '1' }).incrementalBuild).toBe(false);
  });
});
