/**
 * The wiki's few lines of behaviour: the phone sidebar toggle and the search dialog's open/close. The
 * search's own code is small and comes with it, so the whole script has no import and Astro inlines it
 * into the page (one request and a module-preload helper less on first load); Pagefind, the search engine
 * and its index, still loads only when the dialog first opens (wiki-search.ts).
 */
import { setupWikiSearch } from './wiki-search.ts';

const MOBILE = window.matchMedia('(max-width: 1023.98px)');

function setupSidebarToggle(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-wiki-menu-toggle]');
  const sidebar = document.getElementById('wiki-sidebar');
  if (!toggle || !sidebar) return;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    sidebar.toggleAttribute('data-open', open);
  };
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    set(open);
    if (open) sidebar.querySelector<HTMLElement>('[aria-current="page"], summary')?.focus();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && MOBILE.matches && toggle.getAttribute('aria-expanded') === 'true') {
      set(false);
      toggle.focus();
    }
  });
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

function setupSearch(): void {
  const dialog = document.getElementById('wiki-search');
  if (!(dialog instanceof HTMLDialogElement)) return;
  const openers = document.querySelectorAll<HTMLButtonElement>('[data-wiki-search-open]');
  const input = dialog.querySelector<HTMLInputElement>('#wiki-search-input');
  let opener: HTMLElement | null = null;
  let loaded: Promise<void> | null = null;

  const open = (from: HTMLElement | null) => {
    if (dialog.open) return;
    opener = from;
    dialog.showModal();
    input?.focus();
    loaded ??= setupWikiSearch(dialog);
  };

  openers.forEach((button) => button.addEventListener('click', () => open(button)));
  dialog.querySelector('[data-wiki-search-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its content box) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => (opener ?? openers[0])?.focus());
  // Escape always closes, even from the search box (where Chrome would first only clear the text).
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dialog.close();
  });
  document.addEventListener('keydown', (event) => {
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (shortcut || (event.key === '/' && !isTyping(event.target))) {
      event.preventDefault();
      open(openers[0] ?? null);
    }
  });
}

setupSidebarToggle();
setupSearch();
