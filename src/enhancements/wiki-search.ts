/**
 * Search over the wiki with Pagefind, loaded on the first opening of the dialog. The index is built by
 * `src/integrations/pagefind.ts` after `astro build` and served from `/pagefind/`. Excerpts come back
 * as HTML with <mark> around the matches: they are rebuilt as text and <mark> nodes, never as HTML.
 */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: PagefindSubResult[];
}

interface PagefindResult {
  data(): Promise<PagefindResultData>;
}

interface Pagefind {
  init?: () => Promise<void>;
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<{ results: PagefindResult[] } | null>;
}

const PAGEFIND_URL = '/pagefind/pagefind.js';
const MIN_LENGTH = 2;
const MAX_RESULTS = 8;

/** Pagefind writes the built file's URL (`/wikiangram/setup.html`); canonical URLs have no `.html` or trailing slash. */
export function canonicalResultUrl(url: string): string {
  return url.replace(/(?:\.html|\/)(?=#|$)/, '') || '/';
}

function highlighted(excerpt: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const parsed = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html');
  for (const node of parsed.body.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      fragment.append(mark);
    } else {
      fragment.append(document.createTextNode(node.textContent ?? ''));
    }
  }
  return fragment;
}

function resultItem(data: PagefindResultData): HTMLLIElement {
  const section = data.sub_results?.find((sub) => sub.url.includes('#'));
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'wiki-search-result';
  link.href = canonicalResultUrl(section?.url ?? data.url);
  const title = document.createElement('span');
  title.className = 'wiki-search-result-title';
  title.textContent = data.meta.title ?? data.url;
  link.append(title);
  if (section && section.title !== data.meta.title) {
    const where = document.createElement('span');
    where.className = 'wiki-search-result-section';
    where.textContent = section.title;
    link.append(where);
  }
  const excerpt = document.createElement('span');
  excerpt.className = 'wiki-search-result-excerpt';
  excerpt.append(highlighted(section?.excerpt ?? data.excerpt));
  link.append(excerpt);
  item.append(link);
  return item;
}

export async function setupWikiSearch(dialog: HTMLDialogElement): Promise<void> {
  const input = dialog.querySelector<HTMLInputElement>('#wiki-search-input');
  const status = dialog.querySelector<HTMLElement>('#wiki-search-status');
  const list = dialog.querySelector<HTMLUListElement>('#wiki-search-results');
  if (!input || !status || !list) return;

  status.textContent = 'Cargando el índice de búsqueda…';
  let pagefind: Pagefind;
  try {
    pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    await pagefind.init?.();
  } catch {
    status.textContent =
      'La búsqueda no está disponible aquí: su índice lo sirve el sitio compilado (npm run build y después npm run serve).';
    return;
  }

  const run = async () => {
    const term = input.value.trim();
    if (term.length < MIN_LENGTH) {
      list.replaceChildren();
      status.textContent = 'Escribe al menos 2 letras.';
      return;
    }
    const search = await pagefind.debouncedSearch(term, {}, 200);
    // null: a newer keystroke replaced this search.
    if (search === null || input.value.trim() !== term) return;
    const data = await Promise.all(search.results.slice(0, MAX_RESULTS).map((result) => result.data()));
    list.replaceChildren(...data.map(resultItem));
    const count = search.results.length;
    status.textContent =
      count === 0
        ? `Sin resultados para «${term}».`
        : `${count} ${count === 1 ? 'página' : 'páginas'} con «${term}»${count > MAX_RESULTS ? `; se muestran las ${MAX_RESULTS} primeras` : ''}.`;
  };

  input.addEventListener('input', () => void run());
  status.textContent = 'Escribe al menos 2 letras.';
  if (input.value.trim()) await run();
}
