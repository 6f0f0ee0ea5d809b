/**
 * The helper process that holds the search index fed ahead of the pass (./search-index-ahead.ts). Its parent
 * puts it at the lowest priority before it starts Pagefind, whose own process inherits that priority: the
 * previous build's pages are indexed on the CPU that bundling and rendering leave idle, never at
 * their expense. Then it takes the pages that changed and hands the index's files back
 * (./search-helper-client.ts).
 *
 * Every message carries its progress, the pages indexed and the answers given so far, and while it works it
 * sends one every `HEARTBEAT_MS`: a parent can tell a helper that is slow from one that stands still (no CPU,
 * or a Pagefind process that died, whose requests never settle).
 */
import { feedAhead } from './search-index-ahead.ts';
import { pagefindSink, type IndexFile } from './search-sink.ts';

export type HelperRequest =
  | { id: number; kind: 'feed'; files: string; paths: string[] }
  | { id: number; kind: 'add'; path: string; body: Uint8Array }
  | { id: number; kind: 'files' };

/** The answer to one request. */
type Reply =
  | { id: number; fed: Array<[path: string, digest: string]> }
  | { id: number; added: true }
  | { id: number; files: IndexFile[] }
  | { id: number; error: string };

/** A reply, or a heartbeat while it works; each with its progress. */
export type HelperAnswer = (Reply | { alive: true }) & { progress: number };

export const HEARTBEAT_MS = 500;

const sink = pagefindSink();
let working = 0;
let progress = 0;
const step = () => {
  progress += 1;
};

/** The page's bytes as a Buffer, which the sink takes, over the same memory. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function answer(request: HelperRequest): Promise<Reply> {
  try {
    switch (request.kind) {
      case 'feed':
        return { id: request.id, fed: [...(await feedAhead(sink, request.files, request.paths, step))] };
      case 'add':
        await sink.add(request.path, asBuffer(request.body));
        return { id: request.id, added: true };
      case 'files':
        return { id: request.id, files: await sink.files() };
    }
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

// Requests are answered as they come; Pagefind takes the pages in the order they were sent.
process.on('message', (request: HelperRequest) => {
  working += 1;
  void answer(request).then((reply) => {
    working -= 1;
    step();
    process.send?.({ ...reply, progress });
  });
});

setInterval(() => {
  if (working > 0) process.send?.({ alive: true, progress } satisfies HelperAnswer);
}, HEARTBEAT_MS).unref();

// The build ended or gave up on this helper: Pagefind's process goes with it.
process.on('disconnect', () => {
  void sink.close().finally(() => process.exit(0));
});
