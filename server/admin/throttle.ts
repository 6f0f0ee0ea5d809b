/**
 * Sign-in throttling policy, pure. Failed sign-ins are counted per key (an account, a trusted device of
 * an account, a client address). The first few cost nothing; after that each further failure makes the
 * key wait longer (doubling) before the next attempt is even checked, up to a cap. Attempts refused while
 * waiting are not counted, so an attacker cannot push the wait beyond the cap: the worst an attacker can
 * do to an account is make it wait `maxDelayMs`, and a browser that already signed in to that account
 * (a trusted device) is throttled on its own counter and keeps working. Wrong second-step codes are also
 * counted on the account's own code counter, whichever browser or first step they came through, so neither
 * a right password nor a new browser buys more guesses. Counters are forgotten a while after the last
 * failure; only a whole sign-in (both steps) clears its account's.
 */
export type ThrottleScope = 'account' | 'device' | 'address' | 'code';

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** Wait after the first failure beyond the free ones; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A counter whose last failure is older than this starts again from zero. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;

export const THROTTLE_POLICIES: Readonly<Record<ThrottleScope, ThrottlePolicy>> = {
  // One account guessed from anywhere without its trusted-device cookie.
  account: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  // A browser that signed in to that account before: its own, milder counter.
  device: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 5 * MINUTE, forgetAfterMs: 60 * MINUTE },
  // The second step of one account, from every browser and way in: a right password or link never resets it.
  code: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  // One client address trying many accounts; an office shares one address, hence more free failures.
  address: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
};

export interface ThrottleState {
  failures: number;
  /** Epoch milliseconds of the last counted failure. */
  lastFailureAt: number;
}

function current(state: ThrottleState | undefined, policy: ThrottlePolicy, now: number): ThrottleState | undefined {
  if (!state || now - state.lastFailureAt >= policy.forgetAfterMs) return undefined;
  return state;
}

/** How long the key must wait after `failures` failures. */
export function delayFor(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(30, failures - policy.freeFailures);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
}

/** Milliseconds until the key may try again (0: now). */
export function retryAfterMs(state: ThrottleState | undefined, policy: ThrottlePolicy, now: number): number {
  const live = current(state, policy, now);
  if (!live) return 0;
  // A failure stamped in the future (a clock set back) counts as just now: never a longer wait than its delay.
  const elapsed = Math.max(0, now - live.lastFailureAt);
  return Math.max(0, delayFor(live.failures, policy) - elapsed);
}

/** The counter after one more failure at `now`. */
export function recordFailure(state: ThrottleState | undefined, policy: ThrottlePolicy, now: number): ThrottleState {
  const live = current(state, policy, now);
  return { failures: (live?.failures ?? 0) + 1, lastFailureAt: now };
}

/** "Espera 2 minutos…": the wait in whole minutes, rounded up (at least one). */
export function throttledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `Demasiados intentos fallidos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} antes de volver a intentarlo.`;
}
