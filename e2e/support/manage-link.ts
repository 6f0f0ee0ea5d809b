import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { SITE } from '../../core/site.ts';

/**
 * The manage link (its path and token) of a lead's confirmation e-mail, read from the `.eml` the server
 * wrote to the outbox with quoted-printable undone, as a client would click it, on the site's public address (the
 * one the e2e server's e-mails carry). `pagePath`: the meeting page
 * of the lead's language (`/reunion`, `/en/meeting`). Waits for the e-mail: the outbox writes it after the
 * answer.
 */
export async function manageLinkOf(leadId: number, pagePath: string): Promise<string> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR no está definido');
  const site = SITE.defaultUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${site}(${pagePath}\\?t=[A-Za-z0-9_-]{43})`);
  let link = '';
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return '';
        for (const file of readdirSync(dir).filter((name) => name.endsWith('-client.eml'))) {
          const text = readFileSync(join(dir, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (!text.includes(`CONT-${leadId}`)) continue;
          link = pattern.exec(text)?.[1] ?? link;
        }
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}
