/**
 * The notice and the server read the retention limits from the same file (content/privacy.yaml), but the
 * notice reads it when the site is built and the server when it starts: a limit edited without a rebuild
 * leaves the served notice stating the old one. At start the server reads the limits the built notice
 * records (its `angram-retention` meta) and warns when they differ, naming both, so the operator rebuilds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RETENTION_META, parseRetentionStamp, retentionStamp, type RetentionPolicy } from '../../core/privacy.ts';
import { ROUTES } from '../../core/routes.ts';
import type { Logger } from '../log/logger.ts';

type NoticeRetention = { state: 'same' | 'no-site' | 'unstated' } | { state: 'different'; stated: RetentionPolicy };

const META = new RegExp(`<meta\\s+name="${RETENTION_META}"\\s+content="([^"]{0,200})"`, 'i');

/** What the built notice under `distDir` states, compared with `enforced`. */
function compareNoticeRetention(distDir: string, enforced: RetentionPolicy): NoticeRetention {
  const page = ROUTES.privacy.slice(1);
  const file = [join(distDir, page, 'index.html'), join(distDir, `${page}.html`)].find((path) => existsSync(path));
  if (!file) return { state: 'no-site' };
  const stamp = META.exec(readFileSync(file, 'utf8'))?.[1];
  const stated = stamp === undefined ? undefined : parseRetentionStamp(stamp);
  if (!stated) return { state: 'unstated' };
  return retentionStamp(stated) === retentionStamp(enforced) ? { state: 'same' } : { state: 'different', stated };
}

/** Logs a warning when the built notice states other limits than `enforced` (or none at all). */
export function checkNoticeRetention(distDir: string, enforced: RetentionPolicy, logger: Logger): NoticeRetention {
  const outcome = compareNoticeRetention(distDir, enforced);
  if (outcome.state === 'different')
    logger.warn('privacy.notice_retention_differs', {
      notice: retentionStamp(outcome.stated),
      server: retentionStamp(enforced),
      fix: 'content/privacy.yaml cambió después de compilar el sitio: vuelve a compilarlo para que el aviso diga los plazos que se cumplen.',
    });
  if (outcome.state === 'unstated')
    logger.warn('privacy.notice_retention_unknown', {
      server: retentionStamp(enforced),
      fix: 'El aviso compilado no dice qué plazos publica: vuelve a compilar el sitio.',
    });
  return outcome;
}
