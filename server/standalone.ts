/**
 * The API alone on `API_PORT` (default 8081), for `npm run dev` beside `astro dev` and for `npm run api`.
 * The sales inbox rides along, so `npm run dev` has it at http://localhost:8081/admin; no site here: any
 * path outside the API and the inbox is the API's JSON 404. `npm start` serves the API from the site's own
 * process instead (server/index.ts); both start and stop the same way (server/start.ts).
 */
import { runServer } from './start.ts';

await runServer('api');
