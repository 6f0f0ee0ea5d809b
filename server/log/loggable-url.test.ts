/**
 * No secret reaches a log line: the URL of a request is logged without its query and with the private
 * calendar feed's token hidden, and a request that fails on a broken database (on both engines) logs its
 * path, never the manage token it carried.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { loggableUrl } from './loggable-url.ts';
import { createLogger } from './logger.ts';

/** 43 characters of base64url, as the manage and calendar tokens are. */
const TOKEN = 'kQ7vX2mN9pLr4TgW8yHc1ZsB6dFj3AeU0oIq5KxVbRn';

describe('loggableUrl', () => {
  it('drops the query and hides secret path segments', () => {
    expect(loggableUrl(`/reunion?t=${TOKEN}`)).toBe('/reunion?[oculto]');
    expect(loggableUrl(`/api/webSite/meeting?token=${TOKEN}`)).toBe('/api/webSite/meeting?[oculto]');
    expect(loggableUrl(`/admin/contacts?q=ana%40empresa.mx&page=2`)).toBe('/admin/contacts?[oculto]');
    expect(loggableUrl(`/admin/calendario/12-${TOKEN}.ics`)).toBe('/admin/calendario/12-[oculto].ics');
    expect(loggableUrl(`/admin/calendario/${TOKEN}`)).toBe('/admin/calendario/[oculto]');
    expect(loggableUrl(`/algo/${TOKEN}/mas#t=${TOKEN}`)).toBe('/algo/[oculto]/mas?[oculto]');
  });

  it('keeps ordinary paths as they are', () => {
    for (const path of ['/', '/api/webSite/contactSmall', '/admin/leads/12', '/servicios/consultoria-tecnologica'])
      expect(loggableUrl(path)).toBe(path);
    expect(loggableUrl(undefined)).toBe('/');
  });
});

describe.each(TEST_ENGINES)('a request failing on the database (%s)', (engine) => {
  let t: TestApi | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('logs its path, never the token it carried', async () => {
    const lines: string[] = [];
    // The production logger at its most verbose, writing into `lines`.
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    t = await startTestApi({}, { engine, logger });
    // The database goes away under the API: every query fails from here on.
    await t.storage.close();
    const answer = await t.request(`/api/webSite/meeting?token=${TOKEN}`);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const failures = lines.filter((line) => line.includes('/api/webSite/meeting'));
    expect(failures.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });
});
