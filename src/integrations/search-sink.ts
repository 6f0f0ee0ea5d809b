/**
 * Where the wiki's pages go to become the search index: a Pagefind index in this process, or one in a helper
 * process (./search-helper-client.ts), behind the same three calls.
 */
import * as pagefind from 'pagefind';
import { searchableDocument } from './search-document.ts';

/** One file of the built index, its path from the index's folder. */
export interface IndexFile {
  path: string;
  content: Uint8Array;
}

export interface SearchSink {
  /**
   * Gives the index the page at `path` (from the site's root) under its URL; a page it holds under that URL
   * is replaced where it stands. Pages are indexed in the order of these calls.
   */
  add(path: string, body: Buffer): Promise<void>;
  /** The index's files, built from the pages given so far. */
  files(): Promise<IndexFile[]>;
  /** Ends the index and what runs it. */
  close(): Promise<void>;
}

export type PageIndex = Pick<pagefind.PagefindIndex, 'addHTMLFile'>;

/** Gives `index` the page at `path`, cut to what it indexes; Pagefind's errors are thrown. */
export async function addPage(index: PageIndex, path: string, body: Buffer): Promise<void> {
  const added = await index.addHTMLFile({ url: `/${path}`, content: searchableDocument(body) });
  if (added.errors.length > 0) throw new Error(`Pagefind (${path}): ${added.errors.join('; ')}`);
}

async function createdIndex(): Promise<pagefind.PagefindIndex> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
  if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
  return index;
}

/** A Pagefind index in this process, created with the first page; Pagefind's service runs one at a time. */
export function pagefindSink(): SearchSink {
  let created: Promise<pagefind.PagefindIndex> | undefined;
  const index = () => (created ??= createdIndex());
  return {
    add: async (path, body) => addPage(await index(), path, body),
    files: async () => {
      // Pagefind's service answers its own writeFiles before every byte reaches the disk, and close()
      // then kills it: under load a build shipped pagefind.js cut at a page boundary. The files are
      // taken from it instead, for the caller to write.
      const built = await (await index()).getFiles();
      if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
      return built.files;
    },
    close: async () => {
      await pagefind.close();
    },
  };
}
