import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../ui/Icon.tsx';
import { useHydrated } from '../use-hydrated.ts';
import { CLOSED, focusTarget, isFocusKey, isOpen, itemFromHash, itemIds, toggle, type AccordionState } from './accordion.ts';

export interface FaqAccordionCategory {
  id: string;
  title: string;
  questions: ReadonlyArray<{ question: string; answer: string }>;
}

interface FaqAccordionProps {
  categories: readonly FaqAccordionCategory[];
}

/**
 * The FAQ: every category with every question and answer, rendered on the server so the answers are in
 * the static HTML. Without JavaScript the questions are plain headings and every answer shows. With
 * JavaScript the page's `html.js` class hides the answers from the first paint (see faq.astro), so
 * hydrating changes no layout; then each question becomes a button that opens its answer, one at a time.
 */
export default function FaqAccordion({ categories }: FaqAccordionProps) {
  const [open, setOpen] = useState<AccordionState>(CLOSED);
  // False on the server and during hydration, so both render the same no-JavaScript markup.
  const interactive = useHydrated();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    const index = categories.map((category) => ({ id: category.id, count: category.questions.length }));
    const openFromHash = () => {
      const target = itemFromHash(window.location.hash, index);
      if (target) setOpen(target);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [categories]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    if (!isFocusKey(event.key)) return;
    event.preventDefault();
    const list = buttons.current.filter((button): button is HTMLButtonElement => button !== null);
    list[focusTarget(position, list.length, event.key)]?.focus();
  };

  let position = 0;
  return (
    <div className="space-y-10">
      {categories.map((category) => (
        <section key={category.id} id={category.id} aria-labelledby={`${category.id}-titulo`} className="faq-category">
          <h3 id={`${category.id}-titulo`} className="text-h3 font-semibold text-fg">
            {category.title}
          </h3>
          <div className="card mt-4 divide-y divide-line overflow-hidden">
            {category.questions.map((entry, index) => {
              const item = { category: category.id, index };
              const ids = itemIds(item);
              const expanded = interactive && isOpen(open, item);
              const buttonPosition = position++;
              const rowClass = 'flex w-full min-h-11 items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-fg sm:px-6';
              return (
                <div key={ids.button} className="faq-item" data-open={expanded ? '' : undefined}>
                  <h4 className="text-base leading-snug font-sans">
                    {interactive ? (
                      <button
                        ref={(element) => {
                          buttons.current[buttonPosition] = element;
                        }}
                        id={ids.button}
                        type="button"
                        className={`${rowClass} faq-trigger cursor-pointer transition-colors duration-150 hover:bg-brand-50/60 hover:text-brand-700`}
                        aria-expanded={expanded}
                        aria-controls={ids.panel}
                        onClick={() => setOpen((state) => toggle(state, item))}
                        onKeyDown={(event) => onKeyDown(event, buttonPosition)}
                      >
                        <span>{entry.question}</span>
                        <Icon name="chevron-down" size={20} className="faq-chevron mt-0.5 shrink-0 text-brand-700" />
                      </button>
                    ) : (
                      <span id={ids.button} className={`${rowClass} faq-trigger`}>
                        <span>{entry.question}</span>
                        <Icon name="chevron-down" size={20} className="faq-chevron mt-0.5 shrink-0 text-brand-700" />
                      </span>
                    )}
                  </h4>
                  {/* A named <section> is a region landmark, the panel role the accordion pattern asks for. */}
                  <section
                    id={ids.panel}
                    aria-labelledby={ids.button}
                    className="faq-panel px-5 pb-5 text-fg-muted sm:px-6"
                    data-interactive={interactive ? '' : undefined}
                    hidden={interactive && !expanded}
                  >
                    <p className="max-w-prose leading-relaxed">{entry.answer}</p>
                  </section>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
