import { describe, expect, it } from 'vitest';
import type { Loader, LoaderContext } from 'astro/loaders';
import { entryProblems, strictLoader } from './strict-loader.ts';

/** A store and a `parseData` that records what it was given: enough of Astro's loader context. */
function fakeContext() {
  const entries = new Map<string, { id: string; data: Record<string, unknown> }>();
  const parsed: Array<Record<string, unknown>> = [];
  const context = {
    collection: 'demo',
    store: {
      set: (entry: { id: string; data: Record<string, unknown> }) => {
        entries.set(entry.id, entry);
        return true;
      },
      values: () => [...entries.values()],
    },
    parseData: (props: { data: Record<string, unknown> }) => {
      parsed.push(props.data);
      return Promise.resolve(props.data);
    },
  } as unknown as LoaderContext;
  return { context, parsed };
}

/** A loader that stores the given raw entries through `parseData`, as `file()` and `glob()` do. */
function loaderOf(raw: Record<string, unknown>): Loader {
  return {
    name: 'fake',
    load: async (context) => {
      for (const [id, data] of Object.entries(raw)) {
        const value = await context.parseData({ id, data: data as Record<string, unknown> });
        context.store.set({ id, data: value });
      }
    },
  };
}

describe('strictLoader', () => {
  it('hands each entry to the schema with its id', async () => {
    const { context, parsed } = fakeContext();
    await strictLoader(loaderOf({ marketing: { items: [] } }), {
      source: 'content/stats.yaml',
      ids: ['marketing'],
    }).load(context);
    expect(parsed).toEqual([{ items: [], id: 'marketing' }]);
  });

  it('fails naming the missing entry, the file and the collection', async () => {
    const { context } = fakeContext();
    const loader = strictLoader(loaderOf({ home: {} }), {
      source: 'content/pages/',
      fileOf: (id) => `content/pages/${id}.yaml`,
      ids: ['home', 'faq'],
    });
    await expect(loader.load(context)).rejects.toThrow(
      'Colección "demo" incompleta en content/pages/:\n  - Falta content/pages/faq.yaml.',
    );
  });

  it('reports an error the inner loader only logged', async () => {
    const { context } = fakeContext();
    const loader = strictLoader(loaderOf({}), { source: 'content/faq.yaml' }, () => 'bad indentation (3:5)');
    await expect(loader.load(context)).rejects.toThrow('No se pudo leer content/faq.yaml:\nbad indentation (3:5)');
  });
});

describe('entryProblems', () => {
  const entries = [
    { id: 'a', data: {} },
    { id: 'b', data: {} },
  ];

  it('is empty when the rules hold', () => {
    expect(entryProblems(entries, { source: 'x.yaml', ids: ['a', 'b'], min: 2, max: 2 })).toEqual([]);
  });

  it('lists missing and unexpected ids and counts out of range', () => {
    expect(entryProblems(entries, { source: 'x.yaml', ids: ['a', 'c'] })).toEqual([
      'Falta la entrada "c" en x.yaml.',
      'Sobra la entrada "b" en x.yaml: los ids válidos son a, c.',
    ]);
    expect(entryProblems(entries, { source: 'x.yaml', min: 3 })).toEqual([
      'x.yaml tiene 2 entradas; se esperan al menos 3.',
    ]);
    expect(entryProblems(entries, { source: 'x.yaml', max: 1 })).toEqual([
      'x.yaml tiene 2 entradas; se esperan como máximo 1.',
    ]);
  });

  it('runs the cross-entry check only when something was loaded', () => {
    const check = () => ['problema'];
    expect(entryProblems(entries, { source: 'x.yaml', check })).toEqual(['problema']);
    expect(entryProblems([], { source: 'x.yaml', check })).toEqual([]);
  });
});
