/**
 * The built privacy notice states retention limits read when the site was built; the server enforces the
 * ones it read at start. Given different variables the two disagree and the notice misinforms: at start the
 * server reads the limits the built notice records (its `angram-retention` meta) and warns when they differ,
 * naming both, so the operator rebuilds the site with the server's variables.
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
      fix: 'Compila el sitio con las mismas LEAD_RETENTION_MONTHS y MAIL_BODY_RETENTION_DAYS que el servidor.',
    });
  if (outcome.state === 'unstated')
    logger.warn('privacy.notice_retention_unknown', {
      server: retentionStamp(enforced),
      fix: 'El aviso compilado no dice qué plazos publica: vuelve a compilar el sitio.',
    });
  return outcome;
}
