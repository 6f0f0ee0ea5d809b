/**
 * The Spanish of every built page, read as a visitor reads it (scripts and styles left out): one
 * spelling of "solo" (RAE), no Spanglish verbs, "hoja de ruta" rather than "roadmap", hours written the
 * Mexican way ("9:00 a 18:00 h") except the footer's phone-support label, which may keep the hours as the
 * company first published them, and the wordings editors once got wrong.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { builtPages } from '../support/built-site.ts';
import { DEFAULT_LOCALE, languageOfPath } from '../support/languages.ts';

/** The one place English-style hours are required verbatim: the footer's phone-support label. */
const FOOTER_HOURS_LABEL = 'Lunes a Viernes 9AM-6PM';

const RULES: ReadonlyArray<{ pattern: RegExp; fix: string }> = [
  { pattern: /\bs[óÓ]lo\b/giu, fix: 'se escribe «solo», sin tilde (RAE)' },
  { pattern: /\breg(?:énéralo|éneralo|eneralo)\b/giu, fix: 'se escribe «regenéralo»' },
  {
    pattern: /\b(?:commit|push|merge|deploy|test|build|set)e[aá]\w*/giu,
    fix: 'verbo en spanglish: dilo en español («haz commit», «publica», «prueba»)',
  },
  { pattern: /\broadmap\b/giu, fix: 'se dice «hoja de ruta»' },
  // "9AM", "6:30PM", "9 a. m." (but not "1 PM", the project manager of a case's team).
  {
    pattern: /\b\d{1,2}(?::\d{2})?(?:AM|PM)\b|\b\d{1,2}(?::\d{2})?\s?[ap]\.\s?m\./giu,
    fix: 'horario a la mexicana: «9:00 a 18:00 h»',
  },
  { pattern: /¿De quién es el código y la propiedad/gu, fix: '«¿De quién son el código y la propiedad intelectual?»' },
  { pattern: /¿Firman acuerdo/gu, fix: '«¿Firman un acuerdo…?»' },
  {
    pattern: /Cotizamos en dólares/gu,
    fix: 'los presupuestos de los formularios están en pesos: la respuesta debe decir ambas monedas',
  },
];

function visibleText(file: string): string {
  const root = parse(readFileSync(file, 'utf8'));
  for (const node of root.querySelectorAll('script, style, template, noscript')) node.remove();
  const body = root.querySelector('body') ?? root;
  return [
    body.textContent,
    root.querySelector('title')?.textContent ?? '',
    ...root.querySelectorAll('meta[name="description"]').map((meta) => meta.getAttribute('content') ?? ''),
  ]
    .join('\n')
    .replaceAll(FOOTER_HOURS_LABEL, '');
}

// Pages in other languages are read by their own language's checks (e2e/i18n/).
for (const { path, file } of builtPages().filter((built) => languageOfPath(built.path) === DEFAULT_LOCALE)) {
  test(`Spanish copy: ${path}`, () => {
    const text = visibleText(file);
    const problems = RULES.flatMap(({ pattern, fix }) =>
      [...text.matchAll(pattern)].map((match) => {
        const at = match.index;
        return `«${text
          .slice(Math.max(0, at - 30), at + match[0].length + 30)
          .replace(/\s+/g, ' ')
          .trim()}»: ${fix}`;
      }),
    );
    expect(problems, `español en ${path}`).toEqual([]);
  });
}
