import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';

describe.each(TEST_ENGINES)('bookings (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  describe('one slot, one booking', () => {
    it('20 concurrent submissions for one slot give exactly one 201 and nineteen 409', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          t.post('/api/webSite/contactBig', {
            ...VALID.big,
            email: `cliente${index}@empresa.mx`,
            appointmentDate: OPEN_SLOT,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const conflict = answers.find((answer) => answer.status === 409);
      expect(conflict?.body).toEqual({
        success: false,
        message: 'Ese horario acaba de ser reservado por alguien más. Elige otro horario, por favor.',
      });
      // Only the winner is stored, with its booking and its two e-mails.
      const winner = answers.find((answer) => answer.status === 201);
      expect(await t.count('leads')).toBe(1);
      expect(await t.count('bookings')).toBe(1);
      expect(await t.count('outbox')).toBe(2);
      expect(await t.rows('SELECT lead_id FROM bookings')).toEqual([{ lead_id: winner?.body.id }]);
    });

    it('removes the booked slot from scheduleAvailable', async () => {
      const res = await t.post('/api/webSite/scheduleAvailable', { date: '2026-11-24' });
      expect(res.body.schedule).toEqual(['09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    });

    it('refuses the slot to any later form with 409 and stores nothing', async () => {
      const res = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
      expect(res.status).toBe(409);
      expect(await t.count('leads')).toBe(1);
    });

    it('still accepts the same visitor without a meeting, or at another hour', async () => {
      expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
      expect(
        (await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: '2026-11-24T11:00' })).status,
      ).toBe(201);
      expect(await t.count('bookings')).toBe(2);
    });
  });
});
