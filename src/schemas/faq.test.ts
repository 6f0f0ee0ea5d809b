import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { FAQ_CATEGORY_IDS, faqCategorySchema, faqRules } from './faq.ts';
import { changed, folderEntry, issues, listEntries, loadYaml, REMOVE } from './test-support.ts';

const categories = listEntries('faq.yaml');
const first = categories[0]!;

describe('faq schema', () => {
  it('accepts the four real categories', () => {
    expect(categories.flatMap((category) => issues(faqCategorySchema, category))).toEqual([]);
  });

  it('rejects a category with three questions (4 to 6)', () => {
    const questions = (first.questions as unknown[]).slice(0, 3);
    expect(issues(faqCategorySchema, changed(first, 'questions', questions))).toEqual([
      'questions: Se esperan entre 4 y 6 elementos',
    ]);
  });

  it('rejects a question without answer, naming its position', () => {
    expect(issues(faqCategorySchema, changed(first, 'questions.1.answer', REMOVE))).toEqual([
      'questions.1.answer: Falta este campo: se espera la respuesta',
    ]);
    expect(issues(faqCategorySchema, changed(first, 'questions.1.answer', '   '))).toEqual([
      'questions.1.answer: No puede quedar vacío: se espera la respuesta',
    ]);
  });

  it('rejects an unknown category id and a misspelt key', () => {
    expect(issues(faqCategorySchema, changed(first, 'id', 'general'))[0]).toMatch(/^id: "general" no es válido/);
    expect(issues(faqCategorySchema, changed(first, 'questions.0.respuesta', 'Sí'))).toEqual([
      'questions.0.respuesta: Campo desconocido: los campos válidos son question, answer, link',
    ]);
  });

  it('lets an answer close with a link inside the site, and only inside it', () => {
    const link = { label: 'Lee el aviso de privacidad', href: '/aviso-de-privacidad' };
    expect(issues(faqCategorySchema, changed(first, 'questions.0.link', link))).toEqual([]);
    expect(
      issues(faqCategorySchema, changed(first, 'questions.0.link', { ...link, href: 'https://otro.mx' }))[0],
    ).toMatch(/^questions\.0\.link\.href: Se espera un enlace interno/);
  });
});

describe('faq entry rules', () => {
  it('requires exactly the four categories', () => {
    const entries = FAQ_CATEGORY_IDS.map((id) => ({ id, data: {} }));
    expect(entryProblems(entries, faqRules)).toEqual([]);
    expect(entryProblems(entries.slice(1), faqRules)).toEqual([
      'Falta la entrada "proyectos-y-tiempos" en content/faq.yaml.',
    ]);
    expect(entryProblems([...entries, { id: 'extra', data: {} }], faqRules)[0]).toMatch(/^Sobra la entrada "extra"/);
  });
});

describe('faq agrees with the forms and the published prices', () => {
  const answers = categories.flatMap((category) => category.questions as Array<{ question: string; answer: string }>);
  const currency = answers.find((entry) => /moneda/i.test(entry.question));
  const CURRENCY_WORDS: Record<'MXN' | 'USD', RegExp> = { MXN: /pesos mexicanos/, USD: /dólares/ };

  it('names the currency the project forms ask the budget in, and that of the service prices', () => {
    expect(currency, 'la pregunta sobre la moneda').toBeDefined();
    const { budgets } = loadYaml('content/form-options.yaml') as { budgets: Array<{ currency?: 'MXN' | 'USD' }> };
    const formCurrencies = new Set(budgets.flatMap((budget) => (budget.currency ? [budget.currency] : [])));
    const priceCurrencies = new Set(
      ['aplicaciones-web', 'apps-moviles', 'ecommerce', 'cloud-native'].map((id) => {
        const page = folderEntry('services', id).page as {
          engagement: { startingInvestment: { currency: 'MXN' | 'USD' } };
        };
        return page.engagement.startingInvestment.currency;
      }),
    );
    expect(formCurrencies.size).toBeGreaterThan(0);
    for (const code of [...formCurrencies, ...priceCurrencies]) expect(currency?.answer).toMatch(CURRENCY_WORDS[code]);
    expect(currency?.answer).toMatch(
      /cada formulario dice junto al presupuesto si lo pide en pesos \(MXN\) o en dólares/,
    );
  });
});
