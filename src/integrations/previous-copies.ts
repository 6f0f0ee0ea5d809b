/**
 * The compressed copies a build wrote, as it records them for the next build (./previous-build.ts keeps the
 * record with the files it describes), and their return: a page whose bytes and levels did not change
 * gets the previous build's `.br` and `.gz` back with a rename instead of two new files. A new file costs
 * more here than reading one: at a thousand wiki pages the rebuild wrote 3,100 of them.
 *
 * The record holds each copy's cache key (content hash and levels), length and CRC-32, and a copy is moved
 * back only after its bytes are read and match: whatever happened to `dist/` between two builds (a copy
 * cut short by a power cut, rewritten by hand or by another build at the same time), a copy that is not
 * the one recorded is written again, never shipped.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { movedInto, type PreviousBuild } from './previous-build.ts';

/** One copy (brotli or gzip) as written: its key in the compression cache, its length and CRC-32. */
export interface CopyFacts {
  key: string;
  length: number;
  crc: number;
}

/** Both copies of a file. */
export interface FileCopies {
  br: CopyFacts;
  gz: CopyFacts;
}

/** The previous build's copies: where its files are, and what it recorded of each file's copies. */
export interface PreviousCopies {
  files: string;
  /** By path from the site's root. */
  recorded: ReadonlyMap<string, FileCopies>;
}

/** Changes with the record's layout: a record written another way moves nothing back. */
const RECORD_FORMAT = 'angram-copies-1';

type RecordRow = [path: string, br: string, brBytes: number, brCrc: number, gz: string, gzBytes: number, gzCrc: number];

export interface CopiesRecord {
  format: typeof RECORD_FORMAT;
  copies: RecordRow[];
}

/** The facts of a copy whose bytes are at hand. */
export function copyFacts(key: string, bytes: Uint8Array): CopyFacts {
  return { key, length: bytes.length, crc: crc32(bytes) };
}

/** What a build records of the copies it wrote, by path from the site's root. */
export function copiesRecord(written: Iterable<readonly [string, FileCopies]>): CopiesRecord {
  const copies = [...written].map(([path, { br, gz }]): RecordRow => [
    path,
    br.key,
    br.length,
    br.crc,
    gz.key,
    gz.length,
    gz.crc,
  ]);
  return { format: RECORD_FORMAT, copies };
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function isRecordRow(row: unknown): row is RecordRow {
  if (!Array.isArray(row) || row.length !== 7) return false;
  const [path, br, brBytes, brCrc, gz, gzBytes, gzCrc] = row as unknown[];
  return [path, br, gz].every((text) => typeof text === 'string') && [brBytes, brCrc, gzBytes, gzCrc].every(isCount);
}

/** The previous build's copies from its record; none when it left no record or one of another layout. */
export function previousCopies(previous: PreviousBuild): PreviousCopies {
  const recorded = new Map<string, FileCopies>();
  const { format, copies } = (previous.record ?? {}) as { format?: unknown; copies?: unknown };
  if (format === RECORD_FORMAT && Array.isArray(copies) && copies.every(isRecordRow)) {
    for (const [path, br, brBytes, brCrc, gz, gzBytes, gzCrc] of copies)
      recorded.set(path, {
        br: { key: br, length: brBytes, crc: brCrc },
        gz: { key: gz, length: gzBytes, crc: gzCrc },
      });
  }
  return { files: previous.files, recorded };
}

/** The bytes of the file at `path` if they are exactly the ones `facts` recorded. */
async function recordedBytes(path: string, facts: CopyFacts): Promise<Buffer | undefined> {
  const bytes = await readFile(path).catch(() => undefined);
  return bytes?.length === facts.length && crc32(bytes) === facts.crc ? bytes : undefined;
}

/** Copies moved back: what the record said of them, and their bytes as read to check them. */
export interface MovedBack {
  copies: FileCopies;
  bytes: { br: Buffer; gz: Buffer };
}

/**
 * Moves the previous build's copies of `path` to `targets` when they were made with the keys `keys` (the
 * same bytes, the same levels) and are still the bytes recorded; undefined otherwise, and the copies are
 * to be written as any others (both targets are overwritten then).
 */
export async function movedBack(
  previous: PreviousCopies | undefined,
  path: string,
  keys: { br: string; gz: string },
  targets: { br: string; gz: string },
): Promise<MovedBack | undefined> {
  const recorded = previous?.recorded.get(path);
  if (!previous || recorded?.br.key !== keys.br || recorded.gz.key !== keys.gz) return undefined;
  const from = join(previous.files, path);
  const sources = { br: from + PRECOMPRESSED_SUFFIX.br, gz: from + PRECOMPRESSED_SUFFIX.gzip };
  const [br, gz] = await Promise.all([recordedBytes(sources.br, recorded.br), recordedBytes(sources.gz, recorded.gz)]);
  if (!br || !gz) return undefined;
  // Both settled before answering: a late rename must not land after the copies written instead.
  const moved = await Promise.all([movedInto(sources.br, targets.br), movedInto(sources.gz, targets.gz)]);
  return moved.every(Boolean) ? { copies: recorded, bytes: { br, gz } } : undefined;
}
