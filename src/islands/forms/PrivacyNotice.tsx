/**
 * The short privacy notice inside every lead form, above the send button: who collects the data and what
 * for, a link to the full notice, and, only when content/privacy.yaml lists voluntary purposes, one
 * unchecked box per purpose to refuse it. Server-rendered with the form, so it reads the same without
 * JavaScript; the boxes are read at submission (src/lib/forms/privacy-refusals.ts).
 */
import type { ShortNotice } from '../../lib/privacy/notice.ts';
import { REFUSAL_ATTRIBUTE } from '../../lib/forms/privacy-refusals.ts';

interface PrivacyNoticeProps {
  notice: ShortNotice;
  /** Prefix of the boxes' ids, unique per form on the page. */
  idPrefix: string;
}

export function PrivacyNotice({ notice, idPrefix }: PrivacyNoticeProps) {
  const offersRefusal = notice.voluntary !== undefined && notice.refusals.length > 0;
  return (
    <div className="text-sm leading-relaxed text-fg-muted sm:col-span-2" data-privacy-notice>
      <p>
        {notice.text}{' '}
        <a
          href={notice.link.href}
          target="_blank"
          rel="noopener"
          className="font-semibold text-brand-700 underline underline-offset-4 hover:no-underline"
        >
          {notice.link.label}
          <span className="sr-only"> {notice.newTab ?? '(se abre en una pestaña nueva)'}</span>
        </a>
        .
      </p>
      {offersRefusal && (
        <fieldset className="mt-3">
          <legend className="text-fg">{notice.voluntary}</legend>
          {notice.refusals.map((refusal) => (
            <div key={refusal.id} className="mt-1 flex min-h-11 items-center gap-3">
              <input
                id={`${idPrefix}-refusal-${refusal.id}`}
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                {...{ [REFUSAL_ATTRIBUTE]: refusal.id }}
              />
              <label htmlFor={`${idPrefix}-refusal-${refusal.id}`} className="text-fg">
                {refusal.label}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
