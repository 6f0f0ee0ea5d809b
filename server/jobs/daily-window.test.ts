import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.ts';
import { startDailyJob } from './daily-window.ts';

describe('a daily job at a Mexico City time', () => {
  it('runs once a day between its times, tries again after a failure, and skips a day it reaches too late', async () => {
    const clock = { now: new Date('2026-11-23T13:59:00.000Z') }; // 7:59 in Mexico City
    const runs: string[] = [];
    let failNext = false;
    const job = startDailyJob({
      name: 'prueba',
      from: '08:00',
      until: '12:00',
      now: () => clock.now,
      logger: silentLogger,
      everyMs: 3_600_000,
      run: (day) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('base de datos caída'));
        }
        runs.push(day);
        return Promise.resolve();
      },
    });
    try {
      await job.tick();
      expect(runs).toEqual([]);
      clock.now = new Date('2026-11-23T14:00:00.000Z');
      await Promise.all([job.tick(), job.tick()]);
      await job.tick();
      expect(runs).toEqual(['2026-11-23']);

      clock.now = new Date('2026-11-24T14:05:00.000Z');
      failNext = true;
      await job.tick();
      expect(runs).toEqual(['2026-11-23']);
      await job.tick();
      expect(runs).toEqual(['2026-11-23', '2026-11-24']);

      // Started at 12:30 on the 25th (the process was down all morning): that day is skipped.
      clock.now = new Date('2026-11-25T18:30:00.000Z');
      await job.tick();
      expect(runs).toEqual(['2026-11-23', '2026-11-24']);
    } finally {
      job.stop();
    }
  });
});
