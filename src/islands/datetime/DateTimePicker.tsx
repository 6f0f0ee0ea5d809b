/**
 * The meeting picker of the lead forms: a trigger that shows the chosen slot in Mexican Spanish, and a
 * native modal <dialog> (focus kept inside, Escape closes, focus back on the trigger) with a date input,
 * the date in words, the day's free slots from `scheduleAvailable`, and Limpiar, Cancelar, Confirmar.
 * The state lives in picker-machine.ts; the form owns it through `useDateTimePicker` so it can reset the
 * picker after a success and reopen it when the slot was taken meanwhile.
 */
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { fetchSchedule } from '../../lib/api/website.ts';
import { logWarning } from '../../lib/browser-log.ts';
import { formatAppointmentLong, formatLongDate, parseDate, todayInMexicoCity } from '../../../core/dates.ts';
import { Icon } from '../ui/Icon.tsx';
import { canConfirm, initialPickerState, pickerReducer, type PickerEvent, type PickerState } from './picker-machine.ts';
import { PICKER_TEXTS } from './picker-texts.ts';

export interface DateTimePicker {
  state: PickerState;
  dispatch: Dispatch<PickerEvent>;
  open: () => void;
  /** The API said the chosen slot is taken: reopen on fresh slots of that day, saying why. */
  reopenTaken: (notice: string) => void;
}

/** The picker's state plus the schedule requests it triggers. `minDate` raises the earliest date. */
export function useDateTimePicker(minDate?: string): DateTimePicker {
  const [state, dispatch] = useReducer(pickerReducer, initialPickerState);

  const { request, status, date } = state;
  useEffect(() => {
    if (status !== 'loading') return;
    const controller = new AbortController();
    void fetchSchedule(date, controller.signal).then((result) => {
      if (result.kind === 'success') {
        dispatch({ type: 'slotsLoaded', request, slots: result.data });
      } else if (!(result.kind === 'network-error' && result.reason === 'aborted')) {
        logWarning('schedule.unavailable', { date, result: result.kind });
        dispatch({ type: 'slotsFailed', request });
      }
    });
    return () => controller.abort();
    // One request per `request` number; status and date changed together with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `request` is the only reason to fetch again
  }, [request]);

  const open = useCallback(() => dispatch({ type: 'open', today: todayInMexicoCity(), minDate }), [minDate]);
  const reopenTaken = useCallback(
    (notice: string) => dispatch({ type: 'slotTaken', today: todayInMexicoCity(), minDate, notice }),
    [minDate],
  );
  return { state, dispatch, open, reopenTaken };
}

interface TriggerProps {
  picker: DateTimePicker;
  id: string;
  label: string;
  hintId: string;
  error: string | undefined;
  errorId: string;
  /** The hidden input that carries the value under the field's name. */
  name: string;
}

/** The field inside the form: label, hint, the button that opens the dialog, and any error. */
export function PickerTrigger({ picker, id, label, hintId, error, errorId, name }: TriggerProps) {
  const { value } = picker.state;
  const labelId = `${id}-label`;
  return (
    <div className="sm:col-span-2">
      <span id={labelId} className="block font-semibold text-fg">
        {label}
      </span>
      <button
        type="button"
        id={id}
        aria-haspopup="dialog"
        // A press before the island hydrates is remembered and opens the dialog once it has (early-form.ts).
        data-early="picker"
        aria-labelledby={`${labelId} ${id}`}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onClick={picker.open}
        className={`touch-target mt-2 flex w-full items-center gap-3 rounded-xl border bg-white px-4 py-3 text-left transition-colors hover:bg-brand-50 ${
          error ? 'border-danger' : 'border-slate-500'
        } ${value ? 'font-semibold text-fg' : 'text-fg-muted'}`}
      >
        <Icon name="calendar" className="shrink-0 text-brand-700" size={20} />
        <span>{value ? formatAppointmentLong(value) : PICKER_TEXTS.choose}</span>
      </button>
      <input type="hidden" name={name} value={value} />
      <p id={hintId} className="mt-1.5 text-sm text-fg-muted">
        {PICKER_TEXTS.hint}
      </p>
      {error && (
        <p id={errorId} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
          <Icon name="alert-circle" className="mt-0.5 shrink-0" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}

interface DialogProps {
  picker: DateTimePicker;
  /** Prefix of the dialog's ids. */
  id: string;
  /** The trigger, which gets the focus back when the dialog closes. */
  triggerId: string;
}

const slotButton =
  'touch-target rounded-xl border px-3 py-2 font-semibold tabular-nums transition-colors focus-visible:outline-offset-2';

/** The modal itself; rendered next to the form (not inside it) so Enter in the date input submits nothing. */
export function PickerDialog({ picker, id, triggerId }: DialogProps) {
  const { state, dispatch } = picker;
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
  const validDate = state.date !== '' && parseDate(state.date) !== undefined;

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
          {PICKER_TEXTS.title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-fg-muted">
          {PICKER_TEXTS.description}
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
              {PICKER_TEXTS.dateLabel}
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
              {validDate ? formatLongDate(state.date) : PICKER_TEXTS.noDate}
            </p>

            <p id={slotsLabelId} className="mt-5 font-semibold">
              {PICKER_TEXTS.slotsLabel}
            </p>
            <div className="mt-2 min-h-32" aria-live="polite" aria-busy={state.status === 'loading'}>
              {state.status === 'idle' && <p className="text-sm text-fg-muted">{PICKER_TEXTS.idle}</p>}
              {state.status === 'out-of-range' && (
                <p className="text-sm text-fg-muted">
                  {PICKER_TEXTS.outOfRange(formatLongDate(state.min), formatLongDate(state.max))}
                </p>
              )}
              {state.status === 'loading' && (
                <p className="flex items-center gap-2 text-sm text-fg-muted">
                  <span
                    className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
                    aria-hidden="true"
                  />
                  {PICKER_TEXTS.loading}
                </p>
              )}
              {(state.status === 'empty' || state.status === 'error') && (
                <div className="text-sm">
                  <p className="font-semibold text-fg">{PICKER_TEXTS.none}</p>
                  <p className="text-fg-muted">{PICKER_TEXTS.noneHint}</p>
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

            <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
              <button
                type="button"
                className="btn mr-auto px-3 text-brand-700 underline-offset-4 hover:underline"
                onClick={() => dispatch({ type: 'clear' })}
              >
                {PICKER_TEXTS.clear}
              </button>
              <button type="button" className="btn btn-outline px-4" onClick={() => dispatch({ type: 'cancel' })}>
                {PICKER_TEXTS.cancel}
              </button>
              <button
                type="button"
                className="btn btn-primary px-4"
                disabled={!canConfirm(state)}
                onClick={() => dispatch({ type: 'confirm' })}
              >
                {PICKER_TEXTS.confirm}
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
