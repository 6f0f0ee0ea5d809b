import { describe, expect, it } from 'vitest';
import {
  canConfirm,
  dateBounds,
  initialPickerState,
  pickerReducer,
  type PickerEvent,
  type PickerState,
} from './picker-machine.ts';

const TODAY = '2026-11-20';

function run(events: PickerEvent[], from: PickerState = initialPickerState): PickerState {
  return events.reduce(pickerReducer, from);
}

const open: PickerEvent = { type: 'open', today: TODAY };
/** Open, choose 2026-11-24 and receive its slots. */
function withSlots(slots: readonly string[] = ['09:00', '10:00', '16:00']): PickerState {
  const loading = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
  return pickerReducer(loading, { type: 'slotsLoaded', request: loading.request, slots });
}

describe('opening', () => {
  it('starts closed with nothing chosen', () => {
    expect(initialPickerState).toMatchObject({ open: false, value: '', date: '', time: '', status: 'idle' });
  });

  it('opens with min = today and max = today + 60 days, and asks nothing without a date', () => {
    const state = run([open]);
    expect(state).toMatchObject({ open: true, min: TODAY, max: '2027-01-19', date: '', status: 'idle', request: 0 });
  });

  it('a later minimum date moves min; an earlier one does not', () => {
    expect(dateBounds(TODAY, '2026-12-01')).toEqual({ min: '2026-12-01', max: '2027-01-19' });
    expect(dateBounds(TODAY, '2026-01-01')).toEqual({ min: TODAY, max: '2027-01-19' });
    expect(dateBounds(TODAY, 'mañana')).toEqual({ min: TODAY, max: '2027-01-19' });
    expect(run([{ type: 'open', today: TODAY, minDate: '2026-12-01' }]).min).toBe('2026-12-01');
  });

  it('reopening with a confirmed value starts from it and reloads that day', () => {
    const confirmed = run([{ type: 'confirm' }], run([{ type: 'chooseTime', time: '10:00' }], withSlots()));
    const reopened = pickerReducer(confirmed, open);
    expect(reopened).toMatchObject({
      open: true,
      date: '2026-11-24',
      time: '10:00',
      status: 'loading',
      value: '2026-11-24T10:00',
    });
    expect(reopened.request).toBe(confirmed.request + 1);
  });

  it('opening an open picker changes nothing', () => {
    const state = withSlots();
    expect(pickerReducer(state, open)).toBe(state);
  });
});

describe('choosing a date', () => {
  it('asks for that date’s slots', () => {
    const state = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
    expect(state).toMatchObject({ date: '2026-11-24', status: 'loading', slots: [], request: 1 });
  });

  it('the same date again asks nothing new', () => {
    const state = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
    expect(pickerReducer(state, { type: 'chooseDate', date: '2026-11-24' })).toBe(state);
  });

  it('a date before min, after max or not a date asks nothing', () => {
    for (const date of ['2026-11-19', '2027-01-20', '2026-02-30']) {
      const state = run([open, { type: 'chooseDate', date }]);
      expect(state).toMatchObject({ date, status: 'out-of-range', request: 0 });
    }
    expect(run([open, { type: 'chooseDate', date: '2027-01-19' }]).status).toBe('loading');
  });

  it('emptying the date empties the time', () => {
    const state = run(
      [
        { type: 'chooseTime', time: '09:00' },
        { type: 'chooseDate', date: '' },
      ],
      withSlots(),
    );
    expect(state).toMatchObject({ date: '', time: '', status: 'idle', slots: [] });
  });

  it('is ignored while closed', () => {
    expect(pickerReducer(initialPickerState, { type: 'chooseDate', date: '2026-11-24' })).toBe(initialPickerState);
  });
});

describe('slots arriving', () => {
  it('fills the grid', () => {
    expect(withSlots()).toMatchObject({ status: 'ready', slots: ['09:00', '10:00', '16:00'] });
  });

  it('an empty list says there is nothing that day', () => {
    expect(withSlots([])).toMatchObject({ status: 'empty', slots: [] });
  });

  it('a failure leaves no slots', () => {
    const loading = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
    expect(pickerReducer(loading, { type: 'slotsFailed', request: loading.request })).toMatchObject({
      status: 'error',
      slots: [],
    });
  });

  it('answers to an older request are ignored', () => {
    const first = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
    const second = pickerReducer(first, { type: 'chooseDate', date: '2026-11-25' });
    expect(pickerReducer(second, { type: 'slotsLoaded', request: first.request, slots: ['09:00'] })).toBe(second);
    expect(pickerReducer(second, { type: 'slotsFailed', request: first.request })).toBe(second);
  });

  it('a time chosen on another day stays only if the new day offers it', () => {
    const chosen = pickerReducer(withSlots(), { type: 'chooseTime', time: '10:00' });
    const moving = pickerReducer(chosen, { type: 'chooseDate', date: '2026-11-25' });
    expect(moving.time).toBe('10:00');
    expect(
      pickerReducer(moving, { type: 'slotsLoaded', request: moving.request, slots: ['10:00', '11:00'] }).time,
    ).toBe('10:00');
    expect(pickerReducer(moving, { type: 'slotsLoaded', request: moving.request, slots: ['11:00'] }).time).toBe('');
  });
});

describe('choosing a time', () => {
  it('takes one of the offered slots', () => {
    expect(pickerReducer(withSlots(), { type: 'chooseTime', time: '16:00' }).time).toBe('16:00');
  });

  it('refuses a time that is not offered, or before the slots are known', () => {
    const ready = withSlots();
    expect(pickerReducer(ready, { type: 'chooseTime', time: '12:00' })).toBe(ready);
    const loading = run([open, { type: 'chooseDate', date: '2026-11-24' }]);
    expect(pickerReducer(loading, { type: 'chooseTime', time: '09:00' })).toBe(loading);
  });
});

describe('Confirmar', () => {
  it('is disabled until both a date and a time are chosen', () => {
    expect(canConfirm(run([open]))).toBe(false);
    expect(canConfirm(run([open, { type: 'chooseDate', date: '2026-11-24' }]))).toBe(false);
    expect(canConfirm(withSlots())).toBe(false);
    expect(canConfirm(pickerReducer(withSlots(), { type: 'chooseTime', time: '09:00' }))).toBe(true);
  });

  it('does nothing while it is disabled', () => {
    const state = withSlots();
    expect(pickerReducer(state, { type: 'confirm' })).toBe(state);
  });

  it('sets the value to date T time and closes', () => {
    const state = run([{ type: 'chooseTime', time: '16:00' }, { type: 'confirm' }], withSlots());
    expect(state).toMatchObject({ open: false, value: '2026-11-24T16:00' });
  });
});

describe('Cancelar', () => {
  it('closes and keeps the previous value, dropping the draft', () => {
    const confirmed = run([{ type: 'chooseTime', time: '09:00' }, { type: 'confirm' }], withSlots());
    const draft = run([open, { type: 'chooseDate', date: '2026-11-26' }], confirmed);
    const cancelled = pickerReducer(draft, { type: 'cancel' });
    expect(cancelled).toMatchObject({ open: false, value: '2026-11-24T09:00' });
    // The next opening starts again from the value, not from the dropped draft.
    expect(pickerReducer(cancelled, open)).toMatchObject({ date: '2026-11-24', time: '09:00' });
  });

  it('does nothing when already closed', () => {
    expect(pickerReducer(initialPickerState, { type: 'cancel' })).toBe(initialPickerState);
  });
});

describe('Limpiar', () => {
  it('clears date, time and value and closes', () => {
    const confirmed = run([{ type: 'chooseTime', time: '09:00' }, { type: 'confirm' }, open], withSlots());
    expect(pickerReducer(confirmed, { type: 'clear' })).toMatchObject({
      open: false,
      value: '',
      date: '',
      time: '',
      status: 'idle',
      slots: [],
    });
  });
});

describe('after the form', () => {
  it('reset forgets everything but keeps counting requests', () => {
    const confirmed = run([{ type: 'chooseTime', time: '09:00' }, { type: 'confirm' }], withSlots());
    expect(pickerReducer(confirmed, { type: 'reset' })).toEqual({ ...initialPickerState, request: confirmed.request });
  });

  it('a taken slot reopens the same day with fresh slots, no value and a notice', () => {
    const confirmed = run([{ type: 'chooseTime', time: '09:00' }, { type: 'confirm' }], withSlots());
    const taken = pickerReducer(confirmed, {
      type: 'slotTaken',
      today: TODAY,
      notice: 'Ese horario acaba de ser reservado.',
    });
    expect(taken).toMatchObject({
      open: true,
      value: '',
      date: '2026-11-24',
      time: '',
      status: 'loading',
      notice: 'Ese horario acaba de ser reservado.',
    });
    expect(taken.request).toBeGreaterThan(confirmed.request);
    const fresh = pickerReducer(taken, { type: 'slotsLoaded', request: taken.request, slots: ['10:00'] });
    expect(fresh).toMatchObject({ status: 'ready', slots: ['10:00'] });
    // Confirming a new slot removes the notice.
    expect(run([{ type: 'chooseTime', time: '10:00' }, { type: 'confirm' }], fresh)).toMatchObject({
      value: '2026-11-24T10:00',
      notice: '',
    });
  });
});
