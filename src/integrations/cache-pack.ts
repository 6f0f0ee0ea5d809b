/**
 * A build cache kept in one file per build instead of one file per entry. Creating files is what costs
 * here: on ext4 without a journal each new file scans past every inode deleted in the last minutes, so
 * right after a clean build deleted thousands of files each cache entry written as its own file cost a
 * scan (at a thousand wiki pages, 4,000 such files per build). A pack is one file:
 * - each build writes, under a temporary name, the entries it used (read from the last pack or made
 *   anew), and at its end puts that pack in place with a rename; the one before stays beside it as
 *   `pack.previous`, so a checkout switched back and forth between two states reuses both. Nothing older
 *   survives: the cache never holds more than two builds' entries.
 * - a build killed midway leaves only its temporary file, never read and deleted by the next build that
 *   finishes; the pack in place stays the last finished one.
 * - two builds at once each write their own temporary pack and the last to finish wins. A pack in place is
 *   never written again, and every entry read is checked against the length and CRC-32 its index records:
 *   a damaged or truncated pack gives misses, never wrong bytes.
 *
 * Layout: the entries' bytes one after another, then the index (JSON rows `[key, offset, length, crc32]`),
 * then a footer: MAGIC, the index's offset, its length and its CRC-32.
 */
import { closeSync, fstatSync, mkdirSync, openSync, read, readSync, write } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { isRunning } from './running-process.ts';

/** Changes with the layout: a pack written another way is not read. */
const MAGIC = Buffer.from('ANGPACK1');
const FOOTER_BYTES = MAGIC.length + 8 + 4 + 4;
const PACK = 'pack';
const PREVIOUS = 'pack.previous';
/** `pack.<pid>.<random>.tmp`: the pack a build is writing, and which process writes it. */
const TEMPORARY = /^pack\.(\d+)\.[a-z0-9]+\.tmp$/;
/** A temporary pack this old is left over whatever its process id says: ids are reused, builds end. */
const LEFTOVER_AFTER_MS = 86_400_000;

const readAt = promisify(read);
const writeAt = promisify(write);

interface Entry {
  offset: number;
  length: number;
  crc: number;
}

/** A finished pack, open for reading. */
interface Source {
  fd: number;
  entries: Map<string, Entry>;
}

export interface CachePack {
  /** Whether `key` is in this build's pack or the last ones (unchecked: `get` may still miss). */
  has(key: string): boolean;
  /** The bytes kept under `key`, checked; kept in this build's pack too. Missing or damaged: undefined. */
  get(key: string): Promise<Buffer | undefined>;
  /** Keeps `bytes` under `key` in this build's pack; a later `put` of the same key replaces it. */
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Keeps the entry under `key` in this build's pack without reading it now, as if it had been read: the
   * build got those bytes elsewhere. Entries kept this way are copied from the last packs in long runs,
   * each checked, at `carryKept` or `commit`. False when no last pack holds `key`.
   */
  keep(key: string): boolean;
  /**
   * Starts copying the entries kept so far into this build's pack, so that the copy runs beside the
   * build's other work instead of at `commit`, which waits for it and copies any kept later.
   */
  carryKept(): void;
  /**
   * Puts this build's pack in place and closes the cache; later calls read and keep nothing. False when
   * nothing was written (the last pack stays) or the pack could not be put in place.
   */
  commit(): Promise<boolean>;
}

function readFullySync(fd: number, length: number, position: number): Buffer | undefined {
  const buffer = Buffer.alloc(length);
  for (let done = 0; done < length;) {
    const count = readSync(fd, buffer, done, length - done, position + done);
    if (count === 0) return undefined;
    done += count;
  }
  return buffer;
}

async function readFully(fd: number, length: number, position: number): Promise<Buffer | undefined> {
  const buffer = Buffer.alloc(length);
  for (let done = 0; done < length;) {
    const { bytesRead } = await readAt(fd, buffer, done, length - done, position + done);
    if (bytesRead === 0) return undefined;
    done += bytesRead;
  }
  return buffer;
}

async function writeFully(fd: number, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await writeAt(fd, bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

function isRow(row: unknown, dataEnd: number): row is [string, number, number, number] {
  if (!Array.isArray(row) || row.length !== 4) return false;
  const [key, offset, length, crc] = row as unknown[];
  return (
    typeof key === 'string' &&
    Number.isSafeInteger(offset) &&
    Number.isSafeInteger(length) &&
    Number.isSafeInteger(crc) &&
    (offset as number) >= 0 &&
    (length as number) >= 0 &&
    (offset as number) + (length as number) <= dataEnd
  );
}

/** The entries a pack's index lists, each inside the data part; undefined if any row is malformed. */
function parseIndex(json: string, dataEnd: number): Map<string, Entry> | undefined {
  const rows: unknown = JSON.parse(json);
  if (!Array.isArray(rows)) return undefined;
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    if (!isRow(row, dataEnd)) return undefined;
    entries.set(row[0], { offset: row[1], length: row[2], crc: row[3] });
  }
  return entries;
}

/** The index of the pack open as `fd`, if its footer and index are whole. */
function indexOf(fd: number): Map<string, Entry> | undefined {
  const size = fstatSync(fd).size;
  if (size < FOOTER_BYTES) return undefined;
  const footer = readFullySync(fd, FOOTER_BYTES, size - FOOTER_BYTES);
  if (!footer?.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const indexOffset = Number(footer.readBigUInt64LE(MAGIC.length));
  const indexLength = footer.readUInt32LE(MAGIC.length + 8);
  if (indexOffset + indexLength + FOOTER_BYTES !== size) return undefined;
  const index = readFullySync(fd, indexLength, indexOffset);
  if (!index || crc32(index) !== footer.readUInt32LE(MAGIC.length + 12)) return undefined;
  return parseIndex(index.toString('utf8'), indexOffset);
}

/** A finished pack at `path`, or none when it is missing, truncated, damaged or of another layout. */
function openSource(path: string): Source | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const entries = indexOf(fd);
    if (entries) return { fd, entries };
  } catch {
    // Unreadable or not JSON: as good as missing.
  }
  closeSync(fd);
  return undefined;
}

/** The entry's bytes if they still match the length and checksum the index recorded. */
async function readEntry(fd: number, entry: Entry): Promise<Buffer | undefined> {
  const bytes = await readFully(fd, entry.length, entry.offset).catch(() => undefined);
  return bytes && crc32(bytes) === entry.crc ? bytes : undefined;
}

function footerOf(indexOffset: number, index: Buffer): Buffer {
  const footer = Buffer.alloc(FOOTER_BYTES);
  MAGIC.copy(footer);
  footer.writeBigUInt64LE(BigInt(indexOffset), MAGIC.length);
  footer.writeUInt32LE(index.length, MAGIC.length + 8);
  footer.writeUInt32LE(crc32(index), MAGIC.length + 12);
  return footer;
}

/**
 * Deletes what is neither a finished pack nor the pack of a build still running: packs of killed builds,
 * and the one-file-per-entry copies this cache kept before it was a pack.
 */
async function removeLeftovers(dir: string): Promise<void> {
  const oldest = Date.now() - LEFTOVER_AFTER_MS;
  for (const name of await readdir(dir)) {
    if (name === PACK || name === PREVIOUS) continue;
    const writer = TEMPORARY.exec(name)?.[1];
    const path = join(dir, name);
    if (writer && isRunning(Number(writer))) {
      const info = await stat(path).catch(() => undefined);
      if (!info || info.mtimeMs >= oldest) continue;
    }
    await rm(path, { recursive: true, force: true });
  }
}

/** The pack this build writes: a temporary file, made at the first entry, appended to at known offsets. */
class PackWriter {
  private fd: number | undefined;
  private path = '';
  private end = 0;
  private readonly entries = new Map<string, Entry>();
  /** The write each key waits on: a `get` during a `put` of the same key reads what that put wrote. */
  private readonly writing = new Map<string, Promise<void>>();

  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  has(key: string): boolean {
    return this.entries.has(key) || this.writing.has(key);
  }

  private file(): number {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true });
      this.path = join(this.dir, `pack.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      this.fd = openSync(this.path, 'wx+');
    }
    return this.fd;
  }

  /**
   * Offsets are handed out before writing, so entries written at once never overlap. A key's entry is the
   * one its latest `put` wrote: an earlier write that ends later does not replace it.
   */
  put(key: string, bytes: Buffer): Promise<void> {
    let fd: number;
    try {
      fd = this.file();
    } catch (error) {
      // As a rejection, as the write's own failures: callers that carry an entry along only catch those.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const entry = { offset: this.end, length: bytes.length, crc: crc32(bytes) };
    this.end += bytes.length;
    const latest = () => this.writing.get(key) === written;
    const written: Promise<void> = writeFully(fd, bytes, entry.offset).then(
      () => {
        if (!latest()) return;
        this.entries.set(key, entry);
        this.writing.delete(key);
      },
      (error: unknown) => {
        if (latest()) {
          this.entries.delete(key);
          this.writing.delete(key);
        }
        throw error;
      },
    );
    this.writing.set(key, written);
    return written;
  }

  async get(key: string): Promise<Buffer | undefined> {
    await this.writing.get(key)?.catch(() => undefined);
    const entry = this.entries.get(key);
    return entry && this.fd !== undefined ? readEntry(this.fd, entry) : undefined;
  }

  /**
   * Appends `run`, bytes read from another pack, and indexes `entries` at their offsets within it (the
   * ones the caller checked; any other bytes of the run stay unindexed). A key written since is not
   * replaced.
   */
  async putRun(run: Buffer, entries: ReadonlyArray<readonly [string, Entry]>): Promise<void> {
    const fd = this.file();
    const start = this.end;
    this.end += run.length;
    await writeFully(fd, run, start);
    for (const [key, entry] of entries) {
      if (!this.has(key)) this.entries.set(key, { ...entry, offset: start + entry.offset });
    }
  }

  /** Writes the index and footer and renames the pack into place; the last pack becomes the previous one. */
  async finish(): Promise<boolean> {
    if (this.fd === undefined) return false;
    const rows = [...this.entries].map(([key, entry]) => [key, entry.offset, entry.length, entry.crc]);
    const index = Buffer.from(JSON.stringify(rows));
    try {
      try {
        await writeFully(this.fd, Buffer.concat([index, footerOf(this.end, index)]), this.end);
      } finally {
        closeSync(this.fd);
      }
      await rename(join(this.dir, PACK), join(this.dir, PREVIOUS)).catch(() => undefined);
      await rename(this.path, join(this.dir, PACK));
    } catch {
      // A cache that cannot be saved costs the next build time, never this one its result.
      await rm(this.path, { force: true });
      return false;
    }
    // Left for the next build if this fails: the pack is in place either way.
    await removeLeftovers(this.dir).catch(() => undefined);
    return true;
  }
}

export interface PackOptions {
  /** Read the last packs but write nothing (a dev server, which has no end to commit at). */
  readOnly?: boolean;
}

/** Opens the cache in `dir` for one build: the last two finished packs to read, a new one to write. */
export function openPack(dir: string, options: PackOptions = {}): CachePack {
  const sources = [PACK, PREVIOUS].flatMap((name) => openSource(join(dir, name)) ?? []);
  const writer = new PackWriter(dir);
  /** Reads and writes under way: the files are closed only once they are done, as descriptors are reused. */
  const busy = new Set<Promise<unknown>>();
  let closed = false;
  const track = <T>(work: Promise<T>): Promise<T> => {
    busy.add(work);
    void work.catch(() => undefined).finally(() => busy.delete(work));
    return work;
  };

  const put = (key: string, bytes: Buffer): Promise<void> =>
    closed || options.readOnly ? Promise.resolve() : track(writer.put(key, bytes));

  async function fromSources(key: string): Promise<Buffer | undefined> {
    for (const source of sources) {
      const entry = source.entries.get(key);
      const bytes = entry && (await readEntry(source.fd, entry));
      if (!bytes) continue;
      // Carried into this build's pack, unless another reader of the same key already did.
      if (!writer.has(key)) void put(key, bytes).catch(() => undefined);
      return bytes;
    }
    return undefined;
  }

  const kept = new Set<string>();
  /** Starts carrying what is kept and not being written now (a write that fails leaves its key kept). */
  const carryKept = (): Promise<void> | undefined => {
    const keys = [...kept].filter((key) => !writer.has(key));
    for (const key of keys) kept.delete(key);
    return keys.length > 0 ? track(carry(sources, keys, writer)).catch(() => undefined) : undefined;
  };

  return {
    has: (key) => writer.has(key) || sources.some((source) => source.entries.has(key)),
    keep(key) {
      if (closed || options.readOnly || !sources.some((source) => source.entries.has(key))) return false;
      kept.add(key);
      return true;
    },
    carryKept() {
      if (!closed) void carryKept();
    },
    async get(key) {
      if (closed) return undefined;
      return track((async () => (await writer.get(key)) ?? (await fromSources(key)))());
    },
    put,
    async commit() {
      if (closed) return false;
      closed = true;
      while (busy.size > 0) await Promise.allSettled([...busy]);
      await carryKept();
      for (const source of sources) closeSync(source.fd);
      return writer.finish();
    },
  };
}

/** The longest run of entries read and written at once when carrying kept entries. */
const RUN_BYTES = 4 * 1024 * 1024;

/**
 * Entries of `source` at `keys`, in runs of entries stored one right after another (each run at most
 * RUN_BYTES, or one entry), in the order they are stored.
 */
function runsOf(source: Source, keys: readonly string[]): Array<Array<readonly [string, Entry]>> {
  const entries = keys
    .flatMap((key) => {
      const entry = source.entries.get(key);
      return entry ? [[key, entry] as const] : [];
    })
    .sort((a, b) => a[1].offset - b[1].offset);
  const runs: Array<Array<readonly [string, Entry]>> = [];
  let run: Array<readonly [string, Entry]> = [];
  for (const item of entries) {
    const first = run[0]?.[1];
    const previous = run.at(-1)?.[1];
    const apart = previous && previous.offset + previous.length !== item[1].offset;
    if (first && (apart || item[1].offset + item[1].length - first.offset > RUN_BYTES)) {
      runs.push(run);
      run = [];
    }
    run.push(item);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Copies the kept entries from the last packs into this build's, a run at a time: a thousand pages'
 * copies in a few reads and writes instead of two of each per entry. An entry whose bytes no longer
 * match its checksum is not kept (its bytes go along with its run's, unindexed), as `get` would miss it;
 * a run that cannot be read or written is left out, the rest still copied.
 */
async function carry(sources: readonly Source[], keys: readonly string[], writer: PackWriter): Promise<void> {
  let left = keys;
  for (const source of sources) {
    for (const run of runsOf(source, left)) {
      const start = run[0]?.[1].offset ?? 0;
      const last = run.at(-1)?.[1];
      const bytes =
        last && (await readFully(source.fd, last.offset + last.length - start, start).catch(() => undefined));
      if (!bytes) continue;
      const whole = run
        .map(([key, entry]) => [key, { ...entry, offset: entry.offset - start }] as const)
        .filter(([, entry]) => crc32(bytes.subarray(entry.offset, entry.offset + entry.length)) === entry.crc);
      await writer.putRun(bytes, whole).catch(() => undefined);
    }
    left = left.filter((key) => !writer.has(key));
  }
}

/** The cache each folder has open for the build running in this process, shared by all its users. */
const openPacks = new Map<string, CachePack>();

/** The pack of `dir` open for this build (see `openPack`); committing it lets the next use open a new one. */
export function cachePack(dir: string, options: PackOptions = {}): CachePack {
  const path = resolve(dir);
  const open = openPacks.get(path);
  if (open) return open;
  const pack = openPack(path, options);
  const shared: CachePack = {
    has: (key) => pack.has(key),
    get: (key) => pack.get(key),
    put: (key, bytes) => pack.put(key, bytes),
    keep: (key) => pack.keep(key),
    carryKept: () => pack.carryKept(),
    async commit() {
      try {
        return await pack.commit();
      } finally {
        if (openPacks.get(path) === shared) openPacks.delete(path);
      }
    },
  };
  openPacks.set(path, shared);
  return shared;
}
