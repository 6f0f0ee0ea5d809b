/** Everything the date-time picker says (es-MX), in one place for the island and its tests. */
import { AVAILABILITY } from '../../../core/availability.ts';

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
} as const;
