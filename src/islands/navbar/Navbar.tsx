import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { isNavSolid, type NavLink } from '../../lib/navigation.ts';
import { Icon } from '../ui/Icon.tsx';

const MENU_ID = 'menu-movil';

interface NavbarProps {
  links: readonly NavLink[];
  cta: NavLink;
  /** Current path, to mark the active link with aria-current. */
  currentPath: string;
  /** The logo, rendered by Astro and passed in as static HTML. */
  children?: ReactNode;
}

function isCurrent(href: string, currentPath: string): boolean {
  return !href.includes('#') && href === currentPath;
}

/**
 * Top navigation. Rendered on the server (links work without JavaScript); once hydrated it switches
 * from transparent glass to a solid light bar past 80% of the window height and runs the mobile menu.
 */
export default function Navbar({ links, cta, currentPath, children }: NavbarProps) {
  const [solid, setSolid] = useState(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setSolid(isNavSolid(window.scrollY, window.innerHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    // The menu only exists below the desktop breakpoint; growing the window closes it.
    const desktop = window.matchMedia('(min-width: 1024px)');
    const onBreakpoint = () => desktop.matches && close(false);
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onBreakpoint);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onBreakpoint);
    };
  }, [open, close]);

  const light = solid || open;
  const linkTone = light ? 'text-fg hover:bg-brand-50 hover:text-brand-700' : 'text-white hover:bg-white/10';

  return (
    <header
      data-nav-style={light ? 'solid' : 'glass'}
      className={[
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,color,border-color,box-shadow] duration-300',
        light
          ? 'on-light border-line bg-white/95 text-fg shadow-[0_8px_24px_-16px_rgb(15_23_42/0.35)]'
          : 'on-ink glass-soft border-white/10 text-white',
      ].join(' ')}
    >
      <nav aria-label="Principal" className="container-site flex h-(--nav-height) items-center justify-between gap-4">
        <a href="/" className="touch-target -ml-1 flex items-center rounded-lg px-1" aria-label="Angram, ir al inicio">
          {children}
        </a>
        <ul className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
                className={`touch-target inline-flex items-center rounded-full px-4 text-[0.95rem] font-medium transition-colors duration-150 ${linkTone}`}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a href={cta.href} className="btn btn-primary hidden lg:inline-flex">
          {cta.label}
          <Icon name="arrow-right" size={18} />
        </a>
        <button
          ref={toggleRef}
          type="button"
          className={`touch-target inline-flex items-center justify-center rounded-full lg:hidden ${linkTone}`}
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'x' : 'menu'} />
        </button>
      </nav>
      <div id={MENU_ID} hidden={!open} className="border-t border-line bg-white lg:hidden">
        <ul className="container-site flex flex-col gap-1 py-4">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
                onClick={() => close(false)}
                className="touch-target flex items-center rounded-xl px-4 text-lg font-medium text-fg hover:bg-brand-50 hover:text-brand-700"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li className="pt-2">
            <a href={cta.href} onClick={() => close(false)} className="btn btn-primary w-full">
              {cta.label}
            </a>
          </li>
        </ul>
      </div>
    </header>
  );
}
