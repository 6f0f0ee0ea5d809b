/**
 * `node bench/build-compare.ts <before> <after>`: whether two builds of the site are the same, file for file
 * and byte for byte. A change meant to make the build faster keeps `dist/` as it was: copy `dist/` aside,
 * build with the change, and compare. Prints the files only one side has and the files whose bytes differ
 * (with their sizes); exits with 1 when anything differs.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

function files(root: string): Map<string, { bytes: number; hash: string }> {
  const found = new Map<string, { bytes: number; hash: string }>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const body = readFileSync(path);
    found.set(relative(root, path).split(sep).join('/'), {
      bytes: body.length,
      hash: createHash('sha256').update(body).digest('hex'),
    });
  }
  return found;
}

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('Uso: node bench/build-compare.ts <dist de antes> <dist de después>');
  process.exit(2);
}
const before = files(beforeDir);
const after = files(afterDir);
const onlyBefore = [...before.keys()].filter((path) => !after.has(path)).sort();
const onlyAfter = [...after.keys()].filter((path) => !before.has(path)).sort();
const changed = [...before]
  .filter(([path, file]) => after.has(path) && after.get(path)?.hash !== file.hash)
  .map(([path, file]) => `${path} (${file.bytes} -> ${after.get(path)?.bytes ?? 0} bytes)`)
  .sort();
const list = (title: string, paths: readonly string[]) => {
  if (paths.length > 0) console.info(`${title} (${paths.length}):\n  ${paths.join('\n  ')}`);
};
list('Solo en el primero', onlyBefore);
list('Solo en el segundo', onlyAfter);
list('Con otros bytes', changed);
const same = onlyBefore.length + onlyAfter.length + changed.length === 0;
console.info(
  same
    ? `Iguales: ${before.size} archivos, los mismos bytes.`
    : `Distintos: ${before.size} archivos antes, ${after.size} después.`,
);
process.exitCode = same ? 0 : 1;
