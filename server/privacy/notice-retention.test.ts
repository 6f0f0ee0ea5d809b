/**
 * The server's check of the built notice's retention limits: the same limits pass quietly, other limits (or
 * a notice that states none) are warned about with both values, a hostile meta is not believed, and no
 * built site (the API alone) is not an error.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { RETENTION_META, retentionStamp } from '../../core/privacy.ts';
import { ROUTES } from '../../core/routes.ts';
import type { Logger } from '../log/logger.ts';
import { checkNoticeRetention } from './notice-retention.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtSite(head: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'angram-notice-'));
  dirs.push(dist);
  mkdirSync(join(dist, ROUTES.privacy.slice(1)), { recursive: true });
  writeFileSync(join(dist, ROUTES.privacy.slice(1), 'index.html'), `<!doctype html><html><head>${head}</head></html>`);
  return dist;
}

function recorder() {
  const warnings: Array<{ event: string; details: Record<string, unknown> | undefined }> = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (event, details) => warnings.push({ event, details }),
    error: () => undefined,
  };
  return { logger, warnings };
}

const enforced = loadContentFacts().privacy.retention;
const meta = (content: string) => `<meta name="${RETENTION_META}" content="${content}">`;

describe('the built notice states the retention the server enforces', () => {
  it('stays quiet when the notice was built with the same limits', () => {
    const { logger, warnings } = recorder();
    const dist = builtSite(meta(retentionStamp(enforced)));
    expect(checkNoticeRetention(dist, enforced, logger)).toEqual({ state: 'same' });
    expect(warnings).toEqual([]);
  });

  it('warns with both figures when the content changed after the build', () => {
    const { logger, warnings } = recorder();
    const dist = builtSite(meta(retentionStamp(enforced)));
    const server = { ...enforced, leadMonths: enforced.leadMonths + 1 };
    expect(checkNoticeRetention(dist, server, logger).state).toBe('different');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.event).toBe('privacy.notice_retention_differs');
    expect(warnings[0]?.details).toMatchObject({
      notice: retentionStamp(enforced),
      server: retentionStamp(server),
    });
  });

  it('warns when the notice states no limits or a malformed or oversized stamp', () => {
    for (const head of ['', meta('leadMonths=24'), meta(`leadMonths=${'9'.repeat(500)};mailBodyDays=30`)]) {
      const { logger, warnings } = recorder();
      expect(checkNoticeRetention(builtSite(head), enforced, logger).state).toBe('unstated');
      expect(warnings.map((warning) => warning.event)).toEqual(['privacy.notice_retention_unknown']);
    }
  });

  it('says nothing without a built site', () => {
    const { logger, warnings } = recorder();
    expect(checkNoticeRetention(join(tmpdir(), 'no-existe-angram'), enforced, logger)).toEqual({
      state: 'no-site',
    });
    expect(warnings).toEqual([]);
  });
});
