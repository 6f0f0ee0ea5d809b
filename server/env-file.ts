/**
 * Loads `.env` into the environment when the file exists; a variable already set in the real environment
 * wins over the file. The npm scripts preload it (`node --import ./server/env-file.ts …`) rather than use
 * Node's --env-file-if-exists, which prints a notice on every run of a checkout without the file. Tests and
 * the e2e server start `node server/index.ts` directly, so a developer's .env never leaks into them.
 */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
