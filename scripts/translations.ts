/**
 * `npm run translations -- export`: writes the texts edited in the inbox (/admin/translations) into
 * `content/i18n/<code>.yaml`, on the server's database (DATABASE_URL or DATABASE_PATH). Commit the files
 * afterwards: the next build carries the edits and the inbox shows those keys as the files' own again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogueFile } from '../core/i18n/catalogue.ts';
import { readTranslations } from '../core/i18n/load.ts';
import { loadCommandConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { withEditedTexts } from '../server/translations/export.ts';
import { createTranslationStore } from '../server/translations/store.ts';
import { changedTexts, keyTexts } from '../server/translations/texts.ts';

const [command] = process.argv.slice(2);
if (command !== 'export') {
  process.stderr.write('Uso: npm run translations -- export\n');
  process.exit(2);
}

const config = loadCommandConfig(process.env, 2);
const root = process.cwd();
const translations = readTranslations(root);
const storage = await openDatabase(config);
try {
  const changed = changedTexts(keyTexts(translations, await createTranslationStore(storage).current()));
  if (changed.size === 0) process.stdout.write('No hay textos editados en la bandeja que falten en los archivos.\n');
  for (const [code, texts] of changed) {
    const path = `${root}/${catalogueFile(code)}`;
    const { text, written } = withEditedTexts(readFileSync(path, 'utf8'), texts);
    writeFileSync(path, text);
    process.stdout.write(`${catalogueFile(code)}: ${written.length} textos (${written.join(', ')})\n`);
  }
} finally {
  await storage.close();
}
