/**
 * The date-time picker's states and transitions, as a pure reducer the
 * island drives and the unit tests walk through. The dialog edits a draft (date, time); only Confirmar
 * turns the draft into the value `YYYY-MM-DDTHH:mm`, Cancelar drops it, Limpiar empties everything.
 * Slots are fetched by the island whenever `request` changes while `slots` is 'loading'.
 */
import { AVAILABILITY } from '../../../core/availability.ts';
import { addDays, parseAppointment, parseDate } from '../../../core/dates.ts';

export type SlotsStatus =
  /** No date chosen yet. */
  | 'idle'
  /** A date outside [min, max] (typed by hand): nothing is asked. */
  | 'out-of-range'
  | 'loading'
  | 'ready'
  /** The day has no free slot. */
  | 'empty'
  /** The schedule could not be read. */
  | 'error';

export interface PickerState {
  open: boolean;
  /** The confirmed meeting, `YYYY-MM-DDTHH:mm`, or '' when none. */
  value: string;
  /** Draft date `YYYY-MM-DD` in the dialog, or ''. */
  date: string;
  /** Draft time `HH:mm` in the dialog, or ''. */
  time: string;
  /** Bounds of the date input, set on opening: today (or the given minimum) … today + 60 days. */
  min: string;
  max: string;
  status: SlotsStatus;
  slots: readonly string[];
  /** Increments for every schedule request; answers of an older request are ignored. */
  request: number;
  /** Why the dialog opened by itself (the chosen slot was just taken), shown inside it. */
  notice: string;
}

export type PickerEvent =
  /** `today` is Mexico City's date; `minDate` an optional later minimum. */
  | { type: 'open'; today: string; minDate?: string | undefined }
  | { type: 'chooseDate'; date: string }
  | { type: 'slotsLoaded'; request: number; slots: readonly string[] }
  | { type: 'slotsFailed'; request: number }
  | { type: 'chooseTime'; time: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'clear' }
  /** The form was sent: start over. */
  | { type: 'reset' }
  /** The API answered 409 for `value`: reopen on the same day with fresh slots. */
  | { type: 'slotTaken'; today: string; minDate?: string | undefined; notice: string };

export const initialPickerState: PickerState = {
  open: false,
  value: '',
  date: '',
  time: '',
  min: '',
  max: '',
  status: 'idle',
  slots: [],
  request: 0,
  notice: '',
};

/** The date input's bounds for a given today. */
export function dateBounds(today: string, minDate?: string): { min: string; max: string } {
  const min = minDate && parseDate(minDate) && minDate > today ? minDate : today;
  return { min, max: addDays(today, AVAILABILITY.horizonDays) };
}

/** The draft moved to `date`: ask for its slots when it is a date within bounds. */
function withDate(state: PickerState, date: string): PickerState {
  if (date === '') return { ...state, date: '', time: '', status: 'idle', slots: [] };
  if (!parseDate(date) || date < state.min || date > state.max)
    return { ...state, date, status: 'out-of-range', slots: [] };
  // The time stays chosen until the new day's slots say whether it is still free there.
  return { ...state, date, status: 'loading', slots: [], request: state.request + 1 };
}

function opened(
  state: PickerState,
  today: string,
  minDate: string | undefined,
  value: string,
  notice: string,
): PickerState {
  const chosen = parseAppointment(value);
  const base: PickerState = {
    ...state,
    open: true,
    ...dateBounds(today, minDate),
    date: '',
    time: chosen?.time ?? '',
    notice,
  };
  return withDate(base, chosen?.date ?? '');
}

export function pickerReducer(state: PickerState, event: PickerEvent): PickerState {
  switch (event.type) {
    case 'open':
      return state.open ? state : opened(state, event.today, event.minDate, state.value, '');
    case 'chooseDate':
      if (!state.open || event.date === state.date) return state;
      return withDate(state, event.date);
    case 'slotsLoaded': {
      if (event.request !== state.request || state.status !== 'loading') return state;
      const time = event.slots.includes(state.time) ? state.time : '';
      return { ...state, slots: event.slots, status: event.slots.length > 0 ? 'ready' : 'empty', time };
    }
    case 'slotsFailed':
      if (event.request !== state.request || state.status !== 'loading') return state;
      return { ...state, slots: [], status: 'error', time: '' };
    case 'chooseTime':
      if (state.status !== 'ready' || !state.slots.includes(event.time)) return state;
      return { ...state, time: event.time };
    case 'confirm':
      if (!canConfirm(state)) return state;
      return { ...state, open: false, value: `${state.date}T${state.time}`, notice: '' };
    case 'cancel':
      return state.open ? { ...state, open: false, notice: '' } : state;
    case 'clear':
      return { ...state, open: false, value: '', date: '', time: '', status: 'idle', slots: [], notice: '' };
    case 'reset':
      return { ...initialPickerState, request: state.request };
    case 'slotTaken': {
      const taken = parseAppointment(state.value);
      const reopened = opened({ ...state, open: false }, event.today, event.minDate, '', event.notice);
      return withDate({ ...reopened, value: '' }, taken?.date ?? '');
    }
  }
}

/** Confirmar is enabled only with a date and one of that date's free times chosen. */
export function canConfirm(state: PickerState): boolean {
  return state.open && state.status === 'ready' && state.date !== '' && state.slots.includes(state.time);
}
