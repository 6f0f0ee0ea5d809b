/**
 * The picker's modal: a native <dialog> (focus kept inside, Escape closes, focus back on the trigger)
 * with a date input, the date in words, the day's free slots and Limpiar, Cancelar, Confirmar. Its code
 * is a chunk of its own, fetched the first time a visitor opens the picker (see DateTimePicker.tsx).
 * It imports nothing of the form's own modules: its texts and the dates in words come ready in `view`,
 * so the bundler does not split those modules out of the form's chunk into a third file.
 */
import { useEffect, useRef } from 'react';
import { Icon } from '../ui/Icon.tsx';
import type { DialogView, DialogProps } from './DateTimePicker.tsx';

const slotButton =
  'touch-target rounded-xl border px-3 py-2 font-semibold transition-colors focus-visible:outline-offset-2';

/** The modal itself; rendered next to the form (not inside it) so Enter in the date input submits nothing. */
export default function PickerModal({ picker, id, triggerId, view }: DialogProps & { view: DialogView }) {
  const { state, dispatch } = picker;
  const { texts } = view;
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (state.open && !dialog.open) dialog.showModal();
    if (!state.open && dialog.open) {
      dialog.close();
      document.getElementById(triggerId)?.focus();
    }
  }, [state.open, triggerId]);

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dateId = `${id}-date`;
  const chosenDateId = `${id}-chosen-date`;
  const slotsLabelId = `${id}-slots-label`;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the reducer closes it, so state and element never disagree.
        event.preventDefault();
        dispatch({ type: 'cancel' });
      }}
      onClose={() => {
        // The element closed itself (a form method=dialog, the browser): bring the state along.
        if (state.open) {
          dispatch({ type: 'cancel' });
          document.getElementById(triggerId)?.focus();
        }
      }}
      className="fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(calc(100vw-2rem),32rem)] overflow-y-auto rounded-glass bg-white p-0 text-fg shadow-2xl backdrop:bg-ink-950/70"
    >
      <div className="p-4 sm:p-7">
        <h2 id={titleId} className="text-h3 font-semibold">
          {texts.title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-fg-muted">
          {texts.description}
        </p>
        {/* The controls depend on today's date, so they exist only while open (never in the server HTML). */}
        {state.open && (
          <>
            {state.notice && (
              <p
                role="alert"
                className="mt-4 flex items-start gap-2 rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger"
              >
                <Icon name="alert-circle" className="mt-0.5 shrink-0" size={16} />
                {state.notice}
              </p>
            )}

            <label htmlFor={dateId} className="mt-5 block font-semibold">
              {texts.dateLabel}
            </label>
            <input
              id={dateId}
              type="date"
              min={state.min}
              max={state.max}
              value={state.date}
              onChange={(event) => dispatch({ type: 'chooseDate', date: event.currentTarget.value })}
              aria-describedby={chosenDateId}
              className="touch-target mt-2 w-full rounded-xl border border-slate-500 bg-white px-4 py-2.5"
            />
            <p id={chosenDateId} className="mt-2 text-sm font-medium text-brand-700 first-letter:uppercase">
              {view.chosenDate}
            </p>

            <p id={slotsLabelId} className="mt-5 font-semibold">
              {texts.slotsLabel}
            </p>
            <div className="mt-2 min-h-32" aria-live="polite" aria-busy={state.status === 'loading'}>
              {state.status === 'idle' && <p className="text-sm text-fg-muted">{texts.idle}</p>}
              {state.status === 'out-of-range' && <p className="text-sm text-fg-muted">{view.outOfRange}</p>}
              {state.status === 'loading' && (
                <p className="flex items-center gap-2 text-sm text-fg-muted">
                  <span
                    className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
                    aria-hidden="true"
                  />
                  {texts.loading}
                </p>
              )}
              {(state.status === 'empty' || state.status === 'error') && (
                <div className="text-sm">
                  <p className="font-semibold text-fg">{texts.none}</p>
                  <p className="text-fg-muted">{texts.noneHint}</p>
                </div>
              )}
              {state.status === 'ready' && (
                <div role="group" aria-labelledby={slotsLabelId} className="grid grid-cols-3 gap-2">
                  {state.slots.map((time) => {
                    const chosen = time === state.time;
                    return (
                      <button
                        key={time}
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => dispatch({ type: 'chooseTime', time })}
                        className={`${slotButton} ${
                          chosen
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-slate-500 bg-white text-fg hover:bg-brand-50'
                        }`}
                      >
                        {time}
                      </button>
                    );
                  })}
                </div>
              )}
            </div>

            {/* On a phone Cancelar and Confirmar share the first row in halves and Limpiar goes under them;
                three buttons in one row do not fit 320-375 px, and Confirmar used to wrap alone. */}
            <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
              <button
                type="button"
                className="btn order-last w-full px-3 text-brand-700 underline-offset-4 hover:underline sm:order-first sm:mr-auto sm:w-auto"
                onClick={() => dispatch({ type: 'clear' })}
              >
                {texts.clear}
              </button>
              <button
                type="button"
                className="btn btn-outline flex-1 px-4 sm:flex-none"
                onClick={() => dispatch({ type: 'cancel' })}
              >
                {texts.cancel}
              </button>
              <button
                type="button"
                className="btn btn-primary flex-1 px-4 sm:flex-none"
                disabled={!view.canConfirm}
                onClick={() => dispatch({ type: 'confirm' })}
              >
                {texts.confirm}
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
