// Every page: the first one of a visit records where the visit came from (src/lib/attribution/visit.ts).
import { recordVisitOrigin } from '../lib/attribution/visit.ts';

recordVisitOrigin();
