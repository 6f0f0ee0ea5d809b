/**
 * The part of a built wiki page the search index is given (./pagefind.ts), cut from the page's bytes.
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');
const BODY_OPEN = ascii('<body');
const MAIN_OPEN = ascii('<main');
const MAIN_CLOSE = ascii('</main>');
const TAG_END = '>'.charCodeAt(0);
const NO_BYTES = Buffer.alloc(0);

/** Whether `byte` is a character of `\w` (a letter, digit or underscore of ASCII). */
const isWordByte = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f;

/** Whether `<img`, in any case and not the start of a longer tag name, starts at `at`, with a byte after it. */
function isImageTag(part: Buffer, at: number): boolean {
  const after = at + '<img'.length;
  const byte = (offset: number) => part[offset] ?? 0;
  return (
    after < part.length && (byte(at + 2) | 0x20) === 0x6d && (byte(at + 3) | 0x20) === 0x67 && !isWordByte(byte(after))
  );
}

/**
 * The bytes of the first `<img …>` tag between `start` and `end`, as `/<img\b[^>]*>/i` finds it in that part
 * of the page, or none. Only the tags that begin with `<i` or `<I` are looked at: the part before <main> is
 * the sidebar, thousands of tags, and stepping through each of them cost more than the rest of the cut.
 */
function firstImage(html: Buffer, start: number, end: number): Buffer {
  const part = html.subarray(start, end);
  let lower = part.indexOf('<i', 0, 'latin1');
  let upper = part.indexOf('<I', 0, 'latin1');
  for (;;) {
    const at = lower === -1 ? upper : upper === -1 ? lower : Math.min(lower, upper);
    if (at === -1) return NO_BYTES;
    if (isImageTag(part, at)) {
      const close = part.indexOf(TAG_END, at);
      return close === -1 ? NO_BYTES : part.subarray(at, close + 1);
    }
    if (at === lower) lower = part.indexOf('<i', at + 1, 'latin1');
    else upper = part.indexOf('<I', at + 1, 'latin1');
  }
}

/**
 * What Pagefind needs of a wiki page: the document's head (language, title) and its <main>, which holds the
 * indexed part (`data-pagefind-body`). Pagefind indexes nothing outside that part, but it parses the whole
 * page first, and the sidebar before <main> lists every page of the wiki: at a thousand pages it is nine
 * tenths of each page's bytes and most of the index's time. Pagefind also takes the page's first image as
 * the result's picture, so the first image on each side of <main> stays where it was: the index is the same,
 * byte for byte. A page without exactly one <main> goes whole.
 *
 * The page is cut on its bytes, and only the parts kept are decoded: every mark looked for is ASCII, which
 * no byte of a longer UTF-8 character can be, so the cut falls where it would in the decoded text. Decoding
 * the whole page, sidebar included, was a tenth of this process's work on each page of a rebuild.
 */
export function searchableDocument(html: Buffer): string {
  const bodyStart = html.indexOf(BODY_OPEN);
  const mainStart = html.indexOf(MAIN_OPEN);
  const mainEnd = html.indexOf(MAIN_CLOSE);
  if (bodyStart === -1 || mainStart < bodyStart || mainEnd < mainStart || html.includes(MAIN_OPEN, mainStart + 1))
    return html.toString('utf8');
  const bodyTagEnd = html.indexOf(TAG_END, bodyStart) + 1;
  const afterMain = mainEnd + MAIN_CLOSE.length;
  const kept = [
    html.subarray(0, bodyTagEnd),
    firstImage(html, bodyTagEnd, mainStart),
    html.subarray(mainStart, afterMain),
    firstImage(html, afterMain, html.length),
    ascii('</body></html>'),
  ];
  return Buffer.concat(kept).toString('utf8');
}
