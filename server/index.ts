/**
 * Production entry: `node server/index.ts` (run by `npm start` after the build) serves `dist/`, the lead
 * API and the sales inbox from one process on HOST:PORT (default 127.0.0.1:4321) and prints the address.
 * It owns the database: opens it, hands it to the API and the inbox, and closes it after both stopped
 * (server/start.ts).
 */
import { runServer } from './start.ts';

await runServer('site');
