import { existsSync } from 'node:fs';
import { startProductionServer } from '../../server/testing/production-server.ts';

/**
 * Starts the real production server on a free loopback port with a temporary database and outbox, and
 * hands its address and data paths to the tests through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html'))
    throw new Error('Falta dist/: ejecuta "npm run build" antes de "playwright test".');
  // The browser suite submits many forms, books many meetings and reads many schedules from one address.
  const server = await startProductionServer({
    RATE_LIMIT_MAX: '10000',
    BOOKING_LIMIT_PER_DAY: '10000',
    SCHEDULE_RATE_LIMIT_MAX: '10000',
    VITALS_RATE_LIMIT_PER_MINUTE: '100000',
    // No alert e-mails among the suite's own: its throttled visits and refused mail are on purpose.
    UPTIME_INTERVAL_S: '86400',
    // Production's hash cost makes each of the suite's many sign-ins cost a second or more.
    ADMIN_PASSWORD_SCRYPT_LOG_N: '12',
    // Specs create sales accounts of their own; a lead's owner must not depend on which ran first.
    ADMIN_ASSIGN_ON_ARRIVAL: 'off',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_DATABASE_PATH = server.databasePath;
  process.env.E2E_OUTBOX_DIR = server.outboxDir;
  return () => server.stop();
}
