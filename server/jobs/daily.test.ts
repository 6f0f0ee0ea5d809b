/**
 * The daily job on both engines, with an injected clock and two instances on one database: a day's run
 * happens once across them, a failed run is tried again at the next look, and with a window nothing is tried
 * before `from` and a day reached only after `until` is skipped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { scheduleDailyJob, type DailyJob, type DailyJobOptions } from './daily.ts';
import { migrateJobs } from './migrations.ts';
import { openTestStorage } from '../testing/storage.ts';

describe.each(TEST_ENGINES)('a daily job across instances (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let jobs: DailyJob[] = [];
  const clock = { now: new Date('2026-11-23T13:59:00.000Z') }; // 7:59 in Mexico City
  const runs: string[] = [];
  let failNext = false;

  /** One instance's job; it looks only when the test asks (its own timer is an hour away). */
  const instance = (job: string, extra: Partial<DailyJobOptions<string>> = {}) => {
    const scheduled = scheduleDailyJob({
      storage,
      job,
      now: () => clock.now,
      logger: silentLogger,
      firstCheckMs: 60 * 60 * 1000,
      work: async (_at, day) => {
        // Yields first, so two instances' runs would overlap if both had claimed the day.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (failNext) {
          failNext = false;
          throw new Error('base de datos caída');
        }
        runs.push(`${job} ${day}`);
        return day;
      },
      ...extra,
    });
    jobs.push(scheduled);
    return scheduled;
  };

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine, { migrate: false }));
    await migrateJobs(storage);
  });

  afterEach(async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    jobs = [];
    runs.length = 0;
    failNext = false;
  });

  afterAll(() => close());

  it('runs the day once however many instances look, and again the next day', async () => {
    const [one, two] = [instance('limpieza'), instance('limpieza')];
    const outcomes = await Promise.all([one.check(), two.check()]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(await Promise.all([one.check(), two.check()])).toEqual([
      { ran: false, reason: 'done' },
      { ran: false, reason: 'done' },
    ]);
    expect(runs).toEqual(['limpieza 2026-11-23']);
    clock.now = new Date('2026-11-24T13:59:00.000Z');
    await Promise.all([one.check(), two.check()]);
    expect(runs).toEqual(['limpieza 2026-11-23', 'limpieza 2026-11-24']);
  });

  it('tries a failed run again at the next look, on any instance', async () => {
    clock.now = new Date('2026-11-25T13:00:00.000Z');
    const [one, two] = [instance('reintento'), instance('reintento')];
    failNext = true;
    await expect(one.check()).rejects.toThrow('base de datos caída');
    expect(runs).toEqual([]);
    expect(await two.check()).toEqual({ ran: true, result: '2026-11-25' });
    expect(runs).toEqual(['reintento 2026-11-25']);
  });

  it('with a window, tries nothing before `from` and skips a day reached only after `until`', async () => {
    const window = { from: '08:00', until: '12:00' };
    const [one, two] = [instance('resumen', { window }), instance('resumen', { window })];
    clock.now = new Date('2026-11-26T13:59:00.000Z'); // 7:59
    expect(await one.check()).toEqual({ ran: false, reason: 'outside-window' });
    expect(runs).toEqual([]);
    clock.now = new Date('2026-11-26T14:00:00.000Z'); // 8:00
    await Promise.all([one.check(), two.check()]);
    expect(runs).toEqual(['resumen 2026-11-26']);
    clock.now = new Date('2026-11-27T14:30:00.000Z'); // 8:30, a failure, then 8:31
    failNext = true;
    await expect(two.check()).rejects.toThrow('base de datos caída');
    clock.now = new Date('2026-11-27T14:31:00.000Z');
    await one.check();
    expect(runs).toEqual(['resumen 2026-11-26', 'resumen 2026-11-27']);
    // Both instances down all morning of the 28th: at 12:00 and after, that day is skipped.
    clock.now = new Date('2026-11-28T18:00:00.000Z');
    expect(await one.check()).toEqual({ ran: false, reason: 'outside-window' });
    clock.now = new Date('2026-11-28T23:30:00.000Z');
    expect(await two.check()).toEqual({ ran: false, reason: 'outside-window' });
    expect(runs).toEqual(['resumen 2026-11-26', 'resumen 2026-11-27']);
  });
});
