import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageText } from './src/integrations/fonts/coverage.ts';
import { decodeEscapes } from './src/integrations/fonts/site-characters.ts';
const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? (e.name === 'pagefind' ? [] : walk(join(d, e.name))) : e.name.endsWith('.html') ? [join(d, e.name)] : []);
const want = process.argv[2] ?? '<>[]{}\\^~`|=@#&*+_';
for (const f of walk('dist')) {
  const t = decodeEscapes(pageText(readFileSync(f, 'utf8'))).replace(/\s+/g, ' ');
  for (const ch of want) {
    const i = t.indexOf(ch);
    if (i >= 0) console.log(JSON.stringify(ch), f, '…' + t.slice(Math.max(0, i - 40), i + 40) + '…');
  }
}
