/**
 * What a lead form does between its first paint and the moment its island hydrates. A tiny inline script
 * (rendered right after the island by FormSection.astro, hashed for the CSP) lets the visitor type and press
 * as soon as the form is on screen: it enables the send button (disabled in the HTML so a browser without
 * JavaScript cannot send a half-built request), remembers what is typed, and turns a press of "send" or of
 * the meeting button into a pending action instead of a navigation. The island takes all of it over when it
 * hydrates (`takeEarlyInput`). Without JavaScript nothing runs and the form says to write by e-mail.
 */

/** The form's state attribute: `waiting` until the island hydrates, then `ready`. */
export const ISLAND_STATE = 'data-island';
/** What the visitor pressed before hydration: `submit` or `picker`. */
export const PENDING = 'data-pending';
/** Marks controls whose press is remembered before hydration (the meeting button). */
export const EARLY_ACTION = 'data-early';

export type PendingAction = 'submit' | 'picker';

/** The expando the inline script keeps the typed values in. */
interface EarlyForm extends HTMLFormElement {
  earlyValues?: Record<string, string>;
}

/**
 * The inline script. `document.currentScript.previousElementSibling` is the island; everything it touches
 * is inside the island's form, so several forms on one page keep apart.
 */
export const EARLY_FORM_SCRIPT = `(function (island) {
  var form = island && island.querySelector('form');
  if (!form) return;
  var early = {};
  form.earlyValues = early;
  var send = form.querySelector('button[type=submit]');
  if (send) send.disabled = false;
  function waiting() { return form.getAttribute('${ISLAND_STATE}') !== 'ready'; }
  function remember(event) { var t = event.target; if (waiting() && t && t.name) early[t.name] = t.value; }
  form.addEventListener('input', remember, true);
  form.addEventListener('change', remember, true);
  form.addEventListener('submit', function (event) {
    if (!waiting()) return;
    event.preventDefault();
    form.setAttribute('${PENDING}', 'submit');
    if (send) send.setAttribute('aria-busy', 'true');
  }, true);
  form.addEventListener('click', function (event) {
    var trigger = event.target.closest && event.target.closest('[${EARLY_ACTION}]');
    if (!trigger || !waiting()) return;
    form.setAttribute('${PENDING}', trigger.getAttribute('${EARLY_ACTION}'));
    trigger.setAttribute('aria-busy', 'true');
  }, true);
})(document.currentScript && document.currentScript.previousElementSibling);`;

export interface EarlyInput {
  /** Values typed before hydration, by field name. */
  values: Record<string, string>;
  pending: PendingAction | undefined;
}

/** Reads and clears what the inline script kept, so the island acts on it once. */
export function takeEarlyInput(form: HTMLFormElement): EarlyInput {
  const early = form as EarlyForm;
  const values = { ...early.earlyValues };
  early.earlyValues = {};
  const action = form.getAttribute(PENDING);
  form.removeAttribute(PENDING);
  for (const busy of form.querySelectorAll('[aria-busy]')) busy.removeAttribute('aria-busy');
  return { values, pending: action === 'submit' || action === 'picker' ? action : undefined };
}
