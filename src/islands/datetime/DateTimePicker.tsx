/**
 * The meeting picker of the lead forms: a trigger that shows the chosen slot in Mexican Spanish, and a
 * modal dialog (PickerModal.tsx) with the date, the day's free slots from `scheduleAvailable`, and
 * Limpiar, Cancelar, Confirmar. The state lives in picker-machine.ts; the form owns it through
 * `useDateTimePicker` so it can reset the picker after a success and reopen it when the slot was taken
 * meanwhile. The dialog's code loads the first time the picker opens, not with the form.
 */
import { lazy, Suspense, useCallback, useEffect, useReducer, useState, type Dispatch } from 'react';
import { fetchSchedule } from '../../lib/api/website.ts';
import { logWarning } from '../../lib/browser-log.ts';
import { formatAppointmentLong, formatLongDate, parseDate, todayInMexicoCity } from '../../../core/dates.ts';
import { Icon } from '../ui/Icon.tsx';
import { canConfirm, initialPickerState, pickerReducer, type PickerEvent, type PickerState } from './picker-machine.ts';
import { PICKER_TEXTS, type PickerTexts } from './picker-texts.ts';

const LazyPickerModal = lazy(() => import('./PickerModal.tsx'));

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
  /** The page language's words and tag; Spanish without them. */
  texts?: PickerTexts | undefined;
  locale?: string | undefined;
}

/** The field inside the form: label, hint, the button that opens the dialog, and any error. */
export function PickerTrigger({
  picker,
  id,
  label,
  hintId,
  error,
  errorId,
  name,
  texts = PICKER_TEXTS,
  locale,
}: TriggerProps) {
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
        <span className="first-letter:uppercase">{value ? formatAppointmentLong(value, locale) : texts.choose}</span>
      </button>
      <input type="hidden" name={name} value={value} />
      <p id={hintId} className="mt-1.5 text-sm text-fg-muted">
        {texts.hint}
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

export interface DialogProps {
  picker: DateTimePicker;
  /** Prefix of the dialog's ids. */
  id: string;
  /** The trigger, which gets the focus back when the dialog closes. */
  triggerId: string;
  /** Replace the title and the first line (rescheduling names the meeting's current time). */
  title?: string;
  description?: string;
  /** The page language's words and tag; Spanish without them. */
  texts?: PickerTexts | undefined;
  locale?: string | undefined;
}

/** What the dialog shows that needs the form's own modules, computed here (see PickerModal.tsx). */
export interface DialogView {
  texts: PickerTexts;
  /** The draft date in words, or the "no date" text. */
  chosenDate: string;
  /** Why a typed date was refused (only while it is out of range). */
  outOfRange: string;
  canConfirm: boolean;
}

function dialogView(
  state: PickerState,
  own: Pick<DialogProps, 'title' | 'description' | 'texts' | 'locale'>,
): DialogView {
  const validDate = state.date !== '' && parseDate(state.date) !== undefined;
  const texts = own.texts ?? PICKER_TEXTS;
  const long = (date: string) => formatLongDate(date, own.locale);
  return {
    texts: {
      ...texts,
      ...(own.title ? { title: own.title } : {}),
      ...(own.description ? { description: own.description } : {}),
    },
    chosenDate: validDate ? long(state.date) : texts.noDate,
    outOfRange: state.status === 'out-of-range' ? texts.outOfRange(long(state.min), long(state.max)) : '',
    canConfirm: canConfirm(state),
  };
}

/**
 * Renders nothing (on the server too) until the picker first opens; from then on the dialog, whose
 * chunk is fetched at that moment. Rendered next to the form (not inside it) so Enter in the date input
 * submits nothing.
 */
export function PickerDialog(props: DialogProps) {
  const [wanted, setWanted] = useState(false);
  // Adjusting state while rendering (React's pattern for state derived from a change): no extra commit.
  if (props.picker.state.open && !wanted) setWanted(true);
  if (!wanted && !props.picker.state.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyPickerModal {...props} view={dialogView(props.picker.state, props)} />
    </Suspense>
  );
}
