/**
 * The search index fed ahead of the pass. Pagefind has no incremental index: every build gives it every
 * wiki page, and at a thousand pages its work on them (2 to 3 s of one core) set the pace of the pass over
 * the built pages, then of the rebuild after an editor changed one paragraph.
 *
 * Pagefind keeps a page it is given again under the same URL where the first one stood, so an index given
 * the previous build's pages while Vite bundles, then each page whose bytes
 * changed, is the index of this build's pages, byte for byte, provided it was given the same pages in the
 * same order as this build has: the pass's order (./built-html.ts), which the previous build's pages can be
 * sorted in before this build's exist. When they differ (a page added, renamed or removed), or feeding
 * ahead failed, that index is dropped and the pass feeds a new one, as without it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inPassOrder, pageDigest } from './built-html.ts';
import type { SearchSink } from './search-sink.ts';

/**
 * Pages sent to Pagefind before the first answer comes back. Its service indexes one page at a time, in the
 * order they arrive; awaiting each answer before sending the next page left it idle while this process cut
 * and encoded that page. A few in flight keep it busy without holding every encoded page in memory at once.
 */
export const PAGES_IN_FLIGHT = 8;

/** The pages of `folder` under `root` that `wanted` takes (paths from `root`), in the pass's order. */
export async function searchablePaths(
  root: string,
  folder: string,
  wanted: (path: string) => boolean,
): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => `${folder}/${entry.name}`);
  return inPassOrder(files).filter(wanted);
}

/** The digest of each page an index was given (`pageDigest` of its bytes), by path, in the order given. */
export type FedPages = ReadonlyMap<string, string>;

/**
 * Gives `sink` the pages `paths` of the folder `files`, in that order, `PAGES_IN_FLIGHT` at a time; settles
 * once every one is indexed, and fails with the first page that could not be read or indexed. `indexed` is
 * told how many are, as they are.
 */
export async function feedAhead(
  sink: Pick<SearchSink, 'add'>,
  files: string,
  paths: readonly string[],
  indexed: (count: number) => void = () => undefined,
): Promise<FedPages> {
  const digests = new Map<string, string>();
  const inFlight: Array<Promise<void>> = [];
  let count = 0;
  for (const path of paths) {
    const body = await readFile(join(files, path));
    digests.set(path, pageDigest(body));
    const sent = sink.add(path, body).then(() => indexed(++count));
    // Awaited below, in order; one that fails while an earlier one is awaited is not unhandled.
    sent.catch(() => undefined);
    inFlight.push(sent);
    if (inFlight.length >= PAGES_IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  return digests;
}

/** A sink and the pages it already holds. */
export interface FedSink {
  sink: SearchSink;
  fed: FedPages;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((path, at) => path === b[at]);

/** The sink the pass feeds, whether it was fed ahead, and why one fed ahead was dropped, if one was. */
export type PassSink = FedSink & { ahead: boolean; dropped?: string };

/**
 * The sink the pass gives this build's pages to, with what it already holds of them: the one fed ahead
 * (`ahead()`, awaited from here on; undefined when there was nothing to feed it) when it was given exactly
 * the pages `builtPaths` lists, in that order; otherwise a new one (`fresh`), once the other is closed.
 */
export async function sinkForPass(
  ahead: (() => Promise<FedSink | undefined>) | undefined,
  builtPaths: () => Promise<readonly string[]>,
  fresh: () => SearchSink,
): Promise<PassSink> {
  const anew = (dropped?: string): PassSink => ({ sink: fresh(), fed: new Map(), ahead: false, dropped });
  if (!ahead) return anew();
  const [fed, paths] = await Promise.all([
    ahead().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    builtPaths().catch(() => undefined),
  ]);
  if ('error' in fed) return anew(fed.error instanceof Error ? fed.error.message : String(fed.error));
  if (!fed.value) return anew();
  if (paths && sameList([...fed.value.fed.keys()], paths)) return { ...fed.value, ahead: true };
  await fed.value.sink.close();
  return anew('se añadió, renombró o quitó una página de la wiki desde el build anterior');
}
