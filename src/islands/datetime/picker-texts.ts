/**
 * Everything the date-time picker says. `PICKER_TEXTS` is the Spanish the meeting manage page and the
 * tests read; a lead form gives its page language's words from the catalogue (`picker` group, through
 * core/forms/copy.ts), with the hours written as that language writes them.
 */
import { AVAILABILITY } from '../../../core/availability.ts';
import { formatWallTime } from '../../../core/dates.ts';
import type { PickerWordKey } from '../../../core/forms/copy.ts';
import { SITE } from '../../../core/site.ts';
import { fillKnown } from '../../../core/text-template.ts';

const hour = (value: number) => `${value}:00`;

export const PICKER_TEXTS = {
  /** The trigger's text while no meeting is chosen. */
  choose: 'Elegir fecha y hora (opcional)',
  hint: `Videollamada de ${AVAILABILITY.meetingMinutes} minutos, de lunes a viernes, de ${hour(AVAILABILITY.firstSlotHour)} a ${hour(AVAILABILITY.lastSlotHour + 1)} h (hora de la Ciudad de México).`,
  title: 'Agenda tu reunión',
  description: `Elige un día hábil de los próximos ${AVAILABILITY.horizonDays} días y luego un horario libre. La hora es la de la Ciudad de México.`,
  dateLabel: 'Fecha',
  noDate: 'Ninguna fecha elegida todavía.',
  slotsLabel: 'Horarios disponibles',
  idle: 'Elige una fecha para ver sus horarios libres.',
  loading: 'Cargando horarios…',
  none: 'No hay horarios disponibles',
  noneHint: 'Prueba con otro día hábil.',
  outOfRange: (min: string, max: string) => `Elige una fecha entre el ${min} y el ${max}.`,
  clear: 'Limpiar',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
};

export type PickerTexts = typeof PICKER_TEXTS;

/** The picker's texts from a catalogue's `picker` group, the office hours as `locale` writes them. */
export function pickerTexts(words: Readonly<Record<PickerWordKey, string>>, locale: string): PickerTexts {
  // Any weekday serves to write an hour of the Mexico City clock.
  const at = (value: number) =>
    locale === SITE.locale ? hour(value) : formatWallTime('2026-01-05', `${String(value).padStart(2, '0')}:00`, locale);
  const facts = {
    minutos: String(AVAILABILITY.meetingMinutes),
    desde: at(AVAILABILITY.firstSlotHour),
    hasta: at(AVAILABILITY.lastSlotHour + 1),
    dias: String(AVAILABILITY.horizonDays),
  };
  const say = (key: PickerWordKey) => fillKnown(words[key], facts);
  return {
    choose: say('choose'),
    hint: say('hint'),
    title: say('title'),
    description: say('description'),
    dateLabel: say('dateLabel'),
    noDate: say('noDate'),
    slotsLabel: say('slotsLabel'),
    idle: say('idle'),
    loading: say('loading'),
    none: say('none'),
    noneHint: say('noneHint'),
    outOfRange: (min: string, max: string) => fillKnown(words.outOfRange, { desde: min, hasta: max }),
    clear: say('clear'),
    cancel: say('cancel'),
    confirm: say('confirm'),
  };
}
