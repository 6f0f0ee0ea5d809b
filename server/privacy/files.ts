/**
 * The `.eml` files the outbox writes when no SMTP server is set (OUTBOX_DIR): one per message, named after
 * its outbox id. Found, handed over and deleted with their rows; a file whose row's body was erased (or
 * whose row is gone) is a leftover the retention job removes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { emlFilePrefix } from '../email/transport.ts';

export interface OutboxFile {
  name: string;
  path: string;
  bytes: number;
}

async function names(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * A listed file as it is now. The outbox renames `.partial` to `.eml` when the write ends, so a name read a
 * moment ago may have moved on: the finished file is taken instead, and a file gone altogether is skipped.
 */
export async function outboxFileNow(directory: string, name: string): Promise<OutboxFile | undefined> {
  for (const candidate of name.endsWith('.partial') ? [name, name.slice(0, -'.partial'.length)] : [name]) {
    const path = join(directory, candidate);
    try {
      return { name: candidate, path, bytes: (await stat(path)).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

/** The files of these outbox messages (the written `.eml` and any half-written `.partial`). */
export async function outboxFiles(directory: string, outboxIds: readonly number[]): Promise<OutboxFile[]> {
  if (outboxIds.length === 0) return [];
  const prefixes = outboxIds.map(emlFilePrefix);
  const found: OutboxFile[] = [];
  for (const name of (await names(directory)).sort()) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const file = await outboxFileNow(directory, name);
    if (file && !found.some((seen) => seen.path === file.path)) found.push(file);
  }
  return found;
}

export async function deleteFiles(files: readonly OutboxFile[]): Promise<number> {
  for (const file of files) await rm(file.path, { force: true });
  return files.length;
}

/** The outbox id a file belongs to, when its name is one the outbox writes. */
export function outboxIdOf(name: string): number | undefined {
  const match = /^(\d{6,})-[a-z-]+\.eml(\.partial)?$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** Every outbox file in the folder, with the id it belongs to. */
export async function allOutboxFiles(directory: string): Promise<Array<OutboxFile & { outboxId: number }>> {
  const found: Array<OutboxFile & { outboxId: number }> = [];
  for (const name of await names(directory)) {
    const outboxId = outboxIdOf(name);
    if (outboxId === undefined) continue;
    const file = await outboxFileNow(directory, name);
    if (file && !found.some((seen) => seen.path === file.path)) found.push({ ...file, outboxId });
  }
  return found;
}
