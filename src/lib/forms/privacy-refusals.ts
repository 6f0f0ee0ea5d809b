/**
 * The refusal boxes of a form's short notice (one per voluntary purpose of content/privacy.yaml, unchecked
 * by default): which ones the visitor checked, read from the form itself so the island needs no state for
 * them, and the request header that carries them (the JSON body keeps the contract's keys only).
 */
import { PRIVACY_REFUSALS_HEADER, refusalsHeaderValue } from '../../../core/privacy.ts';

/** Marks a refusal box; its value is the voluntary purpose's id. No `name`: the box is never a form field. */
export const REFUSAL_ATTRIBUTE = 'data-privacy-refusal';

function boxes(form: HTMLFormElement | null): HTMLInputElement[] {
  return form ? [...form.querySelectorAll<HTMLInputElement>(`input[${REFUSAL_ATTRIBUTE}]`)] : [];
}

/** The ids of the voluntary purposes refused in `form`. */
export function refusedPurposes(form: HTMLFormElement | null): string[] {
  return boxes(form)
    .filter((box) => box.checked)
    .map((box) => box.getAttribute(REFUSAL_ATTRIBUTE) ?? '');
}

/** Unchecks every box, with the fields' reset after a successful submission. */
export function clearRefusals(form: HTMLFormElement | null): void {
  for (const box of boxes(form)) box.checked = false;
}

/** The headers of a submission: `X-Privacy-Refusals` with the refused ids, or none. */
export function refusalHeaders(ids: readonly string[]): Record<string, string> {
  const value = refusalsHeaderValue(ids);
  return value === undefined ? {} : { [PRIVACY_REFUSALS_HEADER]: value };
}
