import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Icon } from '../ui/Icon.tsx';
import { FAQ_GROUP, focusTarget, isFocusKey, itemFromHash, itemIds } from './accordion.ts';

export interface FaqAccordionCategory {
  id: string;
  title: string;
  questions: ReadonlyArray<{ question: string; answer: string; link?: { label: string; href: string } | undefined }>;
}

interface FaqAccordionProps {
  categories: readonly FaqAccordionCategory[];
}

/**
 * The FAQ: every category with every question and answer, rendered on the server so the answers are in
 * the static HTML. Each question is a native <details> of one named group, so from the first paint, with
 * or without JavaScript, a question opens by click, tap, Enter or Space, opening one closes the one that
 * was open (across categories) and activating the open one closes it. The browser keeps that state; the
 * island renders the very same markup and only adds what HTML cannot: opening the question a URL hash
 * names, and moving between questions with the arrow keys, Home and End.
 */
export default function FaqAccordion({ categories }: FaqAccordionProps) {
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const index = categories.map((category) => ({ id: category.id, count: category.questions.length }));
    const openFromHash = () => {
      const target = itemFromHash(window.location.hash, index);
      if (!target) return;
      const details = document.getElementById(itemIds(target).item);
      // Opening one member of the named group closes the others, as a click would.
      if (details instanceof HTMLDetailsElement) details.open = true;
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [categories]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isFocusKey(event.key) || !root.current) return;
    const questions = [...root.current.querySelectorAll<HTMLElement>('summary')];
    const position = questions.indexOf(event.currentTarget);
    if (position === -1) return;
    event.preventDefault();
    questions[focusTarget(position, questions.length, event.key)]?.focus();
  };

  return (
    <div ref={root} className="space-y-10">
      {categories.map((category) => (
        <section key={category.id} id={category.id} aria-labelledby={`${category.id}-titulo`} className="faq-category">
          <h3 id={`${category.id}-titulo`} className="text-h3 font-semibold text-fg">
            {category.title}
          </h3>
          <div className="card mt-4 divide-y divide-line overflow-hidden">
            {category.questions.map((entry, index) => {
              const ids = itemIds({ category: category.id, index });
              return (
                <details key={ids.item} id={ids.item} name={FAQ_GROUP} className="faq-item group">
                  <summary
                    id={ids.question}
                    onKeyDown={onKeyDown}
                    className="faq-trigger flex min-h-11 cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-fg transition-colors duration-150 hover:bg-brand-50/60 hover:text-brand-700 sm:px-6"
                  >
                    <h4 className="font-sans text-base leading-snug">{entry.question}</h4>
                    <Icon name="chevron-down" size={20} className="faq-chevron mt-0.5 shrink-0 text-brand-700" />
                  </summary>
                  {/* A named <section> is a region landmark, the panel role the accordion pattern asks for. */}
                  <section
                    id={ids.answer}
                    aria-labelledby={ids.question}
                    className="faq-panel px-5 pb-5 text-fg-muted sm:px-6"
                  >
                    <p className="max-w-prose leading-relaxed">{entry.answer}</p>
                    {entry.link && (
                      <p className="mt-3">
                        <a
                          href={entry.link.href}
                          className="font-semibold text-brand-700 underline underline-offset-4 hover:no-underline"
                        >
                          {entry.link.label}
                        </a>
                      </p>
                    )}
                  </section>
                </details>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
