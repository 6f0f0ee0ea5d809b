/** CSS `unicode-range` values to and from sets of code points. */

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** Sorted, merged ranges: `U+20-7E`, `U+A0`, `U+E1`… (the shortest list that covers exactly `codePoints`). */
export function toUnicodeRange(codePoints: Iterable<number>): string[] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const start = sorted[i] as number;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) end = sorted[++i] as number;
    ranges.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
    i += 1;
  }
  return ranges;
}

/** The code points a `unicode-range` list covers (single points and `U+X-Y` ranges; no wildcards). */
export function parseUnicodeRange(ranges: readonly string[]): Set<number> {
  const points = new Set<number>();
  for (const range of ranges) {
    const match = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(range.trim());
    if (!match) throw new Error(`unicode-range no válido: ${range}`);
    const start = Number.parseInt(match[1] as string, 16);
    const end = match[2] ? Number.parseInt(match[2], 16) : start;
    for (let code = start; code <= end; code++) points.add(code);
  }
  return points;
}
