/**
 * `npm run translations -- export`: the inbox's edits written back into `content/i18n/<code>.yaml`, so Git
 * stays the source of truth and the next deploy builds them in. Only the edited keys' lines change; the
 * file's comments, order and every other line stay as the editors wrote them.
 */
import { dump } from 'js-yaml';

/** The catalogue file's text with `texts` (`group.key` → text) put on their keys' lines. */
export function withEditedTexts(
  source: string,
  texts: ReadonlyMap<string, string>,
): { text: string; written: string[] } {
  const written: string[] = [];
  let group: string | undefined;
  const lines = source.split('\n').map((line) => {
    const groupLine = /^([a-z][a-zA-Z0-9]*):\s*(#.*)?$/.exec(line);
    if (groupLine) {
      group = groupLine[1];
      return line;
    }
    const keyLine = /^(\s+)([a-z][a-zA-Z0-9]*):\s/.exec(line);
    if (!keyLine || !group) return line;
    const key = `${group}.${keyLine[2]}`;
    const text = texts.get(key);
    if (text === undefined) return line;
    written.push(key);
    return `${keyLine[1]}${keyLine[2]}: ${dump(text, { lineWidth: -1 }).trimEnd()}`;
  });
  return { text: lines.join('\n'), written };
}
