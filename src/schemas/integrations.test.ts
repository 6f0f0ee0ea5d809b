import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { INTEGRATION_CATEGORY_IDS, integrationCategorySchema, integrationRules } from './integrations.ts';
import { changed, issues, listEntries, REMOVE } from './test-support.ts';

const categories = listEntries('integrations.yaml');
const google = categories[0]!;

describe('integrations schema', () => {
  it('accepts the real categories, Google first', () => {
    expect(categories.map((category) => category.id)).toEqual([...INTEGRATION_CATEGORY_IDS]);
    expect(categories.flatMap((category) => issues(integrationCategorySchema, category))).toEqual([]);
  });

  it('rejects a category with two items and an item without description', () => {
    const items = (google.items as unknown[]).slice(0, 2);
    expect(issues(integrationCategorySchema, changed(google, 'items', items))).toEqual([
      'items: Se esperan entre 3 y 8 elementos',
    ]);
    expect(issues(integrationCategorySchema, changed(google, 'items.2.description', REMOVE))).toEqual([
      'items.2.description: Falta este campo: se espera qué resuelve',
    ]);
  });

  it('requires google as the first category', () => {
    const entries = INTEGRATION_CATEGORY_IDS.map((id) => ({ id, data: {} }));
    expect(entryProblems(entries, integrationRules)).toEqual([]);
    expect(entryProblems([...entries.slice(1), entries[0]!], integrationRules)).toEqual([
      'La primera categoría debe ser "google" (la página enlaza #google).',
    ]);
  });
});
