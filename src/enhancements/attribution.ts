// Every page: the first one of a visit records where the visit came from (src/lib/attribution/record.ts).
import { recordVisitOrigin } from '../lib/attribution/record.ts';

recordVisitOrigin();
