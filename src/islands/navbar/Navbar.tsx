import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { NavLink } from '../../lib/navigation.ts';
import { Icon } from '../ui/Icon.tsx';

const MENU_ID = 'menu-movil';

/** A link to the same page in another language. */
export interface LanguageLink {
  href: string;
  /** The language's tag (`hreflang`, and `lang` of its name). */
  code: string;
  /** The language's own name, the link's visible text ("English"). */
  name: string;
  /** The link's accessible name in the page's language; it contains `name` ("View this page in Español"). */
  label: string;
}

/** The bar's own words in the page's language (content/i18n, group `nav`). */
export interface NavbarLabels {
  main: string;
  home: string;
  menu: string;
}

interface NavbarProps {
  links: readonly NavLink[];
  cta: NavLink;
  labels: NavbarLabels;
  /** The home page in the page's language, where the logo leads. */
  homeHref: string;
  /** The page's twins in the other languages; empty where the page has none. */
  languages: readonly LanguageLink[];
  /** Current path, to mark the active link with aria-current. */
  currentPath: string;
  /** The logo, rendered by Astro and passed in as static HTML. */
  children?: ReactNode;
}

function isCurrent(href: string, currentPath: string): boolean {
  return !href.includes('#') && href === currentPath;
}

/**
 * Top navigation, rendered on the server so every link works without JavaScript. The phone menu is a
 * native popover opened by its toggle button (`popovertarget`): it opens from the first paint, closes
 * on Escape or a tap outside, and the browser tells assistive technology whether it is expanded. The bar
 * turns from glass to a solid light bar where the page's dark hero ends, and while the menu is open (the
 * `nav-solid:` classes, src/styles/navbar.css and src/enhancements/navbar.ts). The island hydrates when
 * the visitor first presses the toggle (`client:interact`) and adds what HTML cannot: closing the menu
 * when a link is chosen (a link to a section of the same page would leave it open) and when the window
 * grows to the desktop layout.
 * Until it has hydrated, src/enhancements/navbar.ts closes the menu on a chosen link in its place.
 */
function LanguageName({ language }: { language: LanguageLink }) {
  return <span lang={language.code}>{language.name}</span>;
}

export default function Navbar({ links, cta, labels, homeHref, languages, currentPath, children }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // The popover may have been opened before hydration: read its state, then follow its toggles.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const sync = () => setOpen(menu.matches(':popover-open'));
    sync();
    menu.addEventListener('toggle', sync);
    return () => menu.removeEventListener('toggle', sync);
  }, []);

  const close = useCallback(() => {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  }, []);

  useEffect(() => {
    if (!open) return;
    // The menu only exists below the desktop breakpoint; growing the window closes it.
    const desktop = window.matchMedia('(min-width: 1024px)');
    const onBreakpoint = () => desktop.matches && close();
    desktop.addEventListener('change', onBreakpoint);
    return () => desktop.removeEventListener('change', onBreakpoint);
  }, [open, close]);

  // Glass over the page's dark hero; `nav-solid:` is the light bar (focus rings turn brand blue with it).
  // Colours switch at once: only the bar's white layer fades (src/styles/navbar.css).
  const linkTone =
    'text-white hover:bg-white/10 nav-solid:text-fg nav-solid:hover:bg-brand-50 nav-solid:hover:text-brand-700';

  return (
    <header className="site-nav on-ink fixed inset-x-0 top-0 z-50 text-white nav-solid:text-fg nav-solid:[&_:focus-visible]:outline-brand-500">
      <nav aria-label={labels.main} className="container-site flex h-(--nav-height) items-center justify-between gap-4">
        <a href={homeHref} className="touch-target -ml-1 flex items-center rounded-lg px-1" aria-label={labels.home}>
          {children}
        </a>
        <ul className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
                className={`touch-target inline-flex items-center rounded-full px-3 text-[0.95rem] font-medium xl:px-4 ${linkTone}`}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          {languages.map((language) => (
            <a
              key={language.code}
              href={language.href}
              hrefLang={language.code}
              aria-label={language.label}
              data-language-switcher
              className={`touch-target inline-flex items-center gap-1.5 rounded-full px-2 text-sm font-medium whitespace-nowrap xl:px-3 ${linkTone}`}
            >
              {/* Beside the longer Spanish links the globe waits for wide screens, so the bar holds at 1024 px. */}
              <Icon name="globe" size={16} className="hidden shrink-0 xl:block" />
              <LanguageName language={language} />
            </a>
          ))}
          <a href={cta.href} className="btn btn-primary whitespace-nowrap">
            {cta.label}
            <Icon name="arrow-right" size={18} />
          </a>
        </div>
        {/* One name ("Menú", "Menu"); whether it is open is the popover's native expanded state. */}
        <button
          type="button"
          popoverTarget={MENU_ID}
          className={`nav-toggle touch-target inline-flex items-center justify-center rounded-full lg:hidden ${linkTone}`}
          aria-label={labels.menu}
        >
          <Icon name="menu" className="nav-toggle-open" />
          <Icon name="x" className="nav-toggle-close" />
        </button>
      </nav>
      <div
        ref={menuRef}
        id={MENU_ID}
        popover="auto"
        className="nav-menu inset-x-0 top-(--nav-height) bottom-auto m-0 max-h-[calc(100dvh-var(--nav-height))] w-full overflow-y-auto border-0 border-t border-line bg-white p-0 text-fg shadow-xl lg:hidden"
      >
        <ul className="container-site flex flex-col gap-1 py-4">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
                onClick={close}
                className="touch-target flex items-center rounded-xl px-4 text-lg font-medium text-fg hover:bg-brand-50 hover:text-brand-700"
              >
                {link.label}
              </a>
            </li>
          ))}
          {languages.map((language) => (
            <li key={language.code}>
              <a
                href={language.href}
                hrefLang={language.code}
                aria-label={language.label}
                data-language-switcher
                className="touch-target flex items-center gap-2 rounded-xl px-4 text-lg font-medium text-fg hover:bg-brand-50 hover:text-brand-700"
              >
                <Icon name="globe" size={20} />
                <LanguageName language={language} />
              </a>
            </li>
          ))}
          <li className="pt-2">
            <a href={cta.href} onClick={close} className="btn btn-primary w-full">
              {cta.label}
            </a>
          </li>
        </ul>
      </div>
    </header>
  );
}
