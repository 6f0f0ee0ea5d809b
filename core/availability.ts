/**
 * When meetings can be booked: one-hour video calls, Monday to Friday, starting
 * 09:00 … 17:00 Mexico City time, at most 60 days ahead. The lead API enforces it
 * (server/availability/schedule.ts); the date-time picker uses it to bound its date input and to say so.
 */
export const AVAILABILITY = {
  firstSlotHour: 9,
  lastSlotHour: 17,
  horizonDays: 60,
  meetingMinutes: 60,
} as const;
