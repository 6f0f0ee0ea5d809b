import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allOutboxFiles, outboxFileNow, outboxFiles } from './files.ts';

describe('outbox files read while the outbox writes', () => {
  let directory = '';
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('takes the finished .eml when the .partial listed a moment ago was renamed', async () => {
    directory = mkdtempSync(join(tmpdir(), 'angram-outbox-'));
    writeFileSync(join(directory, '000004-internal.eml'), 'From: hola@angram.mx\r\n');
    expect(await outboxFileNow(directory, '000004-internal.eml.partial')).toEqual({
      name: '000004-internal.eml',
      path: join(directory, '000004-internal.eml'),
      bytes: 22,
    });
  });

  it('skips a file gone altogether instead of failing the lookup', async () => {
    directory = mkdtempSync(join(tmpdir(), 'angram-outbox-'));
    expect(await outboxFileNow(directory, '000005-client.eml.partial')).toBeUndefined();
    writeFileSync(join(directory, '000006-client.eml'), 'x');
    expect((await outboxFiles(directory, [5, 6])).map((file) => file.name)).toEqual(['000006-client.eml']);
    expect((await allOutboxFiles(directory)).map((file) => file.outboxId)).toEqual([6]);
  });
});
