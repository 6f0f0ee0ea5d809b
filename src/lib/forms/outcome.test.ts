import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../../core/content/load.ts';
import { formCopy } from '../../../core/forms/copy.ts';
import { invalidOutcome, submissionOutcome as outcomeIn } from './outcome.ts';

const { translations } = loadContentFacts();
const SPANISH = formCopy(translations.catalogues.get(translations.defaultCode) ?? {}, translations.defaultCode);
const submissionOutcome = (...args: [Parameters<typeof outcomeIn>[0], string, string]) => outcomeIn(...args, SPANISH);

const EMAIL = 'hola@angram.mx';
const created = {
  kind: 'success',
  status: 201,
  data: {
    message: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
    reference: 'CONT-12',
    appointmentDate: '2026-11-24T10:00',
  },
} as const;

describe('submissionOutcome', () => {
  it('a success names the meeting in Mexican Spanish and the reference, and resets the form', () => {
    const outcome = submissionOutcome(created, '2026-11-24T10:00', EMAIL);
    expect(outcome).toMatchObject({
      tone: 'success',
      title: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
      reset: true,
    });
    expect(outcome.details).toEqual([
      'Agendamos tu reunión para el martes, 24 de noviembre de 2026, 10:00 (hora de la Ciudad de México).',
      'Tu número de referencia es CONT-12.',
    ]);
  });

  it('a success without a meeting only gives the reference', () => {
    const { appointmentDate: _none, ...withoutMeeting } = created.data;
    expect(submissionOutcome({ ...created, data: withoutMeeting }, '', EMAIL).details).toEqual([
      'Tu número de referencia es CONT-12.',
    ]);
  });

  it("the contract's bare answer is still a success: the form resets, and nothing is claimed the answer did not say", () => {
    const bare = { kind: 'success', status: 201, data: {} } as const;
    const outcome = submissionOutcome(bare, '2026-11-24T10:00', EMAIL);
    expect(outcome).toMatchObject({
      tone: 'success',
      title: '¡Mensaje enviado con éxito! Te contactaremos pronto.',
      reset: true,
    });
    expect(outcome.details).toEqual([
      'Te confirmaremos por correo la reunión que pediste para el martes, 24 de noviembre de 2026, 10:00 (hora de la Ciudad de México).',
    ]);
    expect(submissionOutcome(bare, '', EMAIL).details).toEqual([]);
  });

  it('a 422 keeps the values and hands the field errors over', () => {
    const outcome = submissionOutcome(
      { kind: 'validation', status: 422, message: 'x', errors: { email: 'El correo electrónico no es válido' } },
      '',
      EMAIL,
    );
    expect(outcome).toMatchObject({
      tone: 'error',
      title: 'Error al enviar el formulario',
      reset: false,
      reopenPicker: false,
    });
    expect(outcome.fieldErrors).toEqual({ email: 'El correo electrónico no es válido' });
  });

  it('a 409 reopens the picker and says the slot was just taken', () => {
    const outcome = submissionOutcome({ kind: 'conflict', status: 409, message: '' }, '2026-11-24T10:00', EMAIL);
    expect(outcome).toMatchObject({ reopenPicker: true, reset: false, details: [SPANISH.words.slotTaken] });
  });

  it('a 429 says to try again later, in the server words when it gives them', () => {
    expect(
      submissionOutcome({ kind: 'rate-limited', status: 429, message: '', retryAfterSeconds: undefined }, '', EMAIL)
        .details,
    ).toEqual(['Has enviado varias solicitudes seguidas. Intenta de nuevo más tarde.']);
    expect(
      submissionOutcome(
        { kind: 'rate-limited', status: 429, message: 'Intenta de nuevo en 4 minutos.', retryAfterSeconds: 200 },
        '',
        EMAIL,
      ).details,
    ).toEqual(['Intenta de nuevo en 4 minutos.']);
  });

  it('another refusal is a form error with a way to reach the team', () => {
    const outcome = submissionOutcome({ kind: 'http-error', status: 500, message: '' }, '', EMAIL);
    expect(outcome.title).toBe('Error al enviar el formulario');
    expect(outcome.details.join(' ')).toContain(EMAIL);
  });

  it('no answer is a connection error that keeps the values', () => {
    for (const reason of ['unreachable', 'timeout'] as const) {
      const outcome = submissionOutcome({ kind: 'network-error', reason }, '', EMAIL);
      expect(outcome).toMatchObject({ tone: 'error', title: 'Error de conexión con el servidor', reset: false });
      expect(outcome.details.join(' ')).toContain(EMAIL);
    }
  });

  it('an invalid form is refused before sending', () => {
    expect(invalidOutcome(SPANISH)).toMatchObject({
      tone: 'error',
      title: 'Error al enviar el formulario',
      reset: false,
    });
  });

  it('an English page words the outcome in English, the meeting in US English and Mexico City time', () => {
    const english = translations.active.find((language) => language.code === 'en');
    if (!english) return;
    const copy = formCopy(translations.catalogues.get('en') ?? {}, 'en');
    const outcome = outcomeIn(created, '2026-11-24T10:00', EMAIL, copy);
    expect(outcome.title).toBe(copy.words.success);
    expect(outcome.details[0]).toContain('Tuesday, November 24, 2026');
    expect(outcome.details[0]).toContain(copy.words.timeZone);
    expect(outcome.details[1]).toContain('CONT-12');
    expect(outcomeIn({ kind: 'network-error', reason: 'timeout' }, '', EMAIL, copy).title).toBe(
      copy.words.connectionError,
    );
  });
});
