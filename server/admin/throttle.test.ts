import { describe, expect, it } from 'vitest';
import {
  delayFor,
  recordFailure,
  retryAfterMs,
  throttledMessage,
  THROTTLE_POLICIES,
  type ThrottleState,
} from './throttle.ts';

const policy = THROTTLE_POLICIES.account;

describe('sign-in throttle', () => {
  it('lets the first failures through, then doubles the wait up to the cap', () => {
    expect([0, 1, 4].map((n) => delayFor(n, policy))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayFor(n, policy))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(delayFor(50, policy)).toBe(policy.maxDelayMs);
    expect(delayFor(10_000, policy)).toBe(policy.maxDelayMs);
  });

  it('counts failures and makes the key wait from its last failure', () => {
    let state: ThrottleState | undefined;
    const start = 1_000_000;
    for (let i = 0; i < 5; i += 1) {
      expect(retryAfterMs(state, policy, start)).toBe(0);
      state = recordFailure(state, policy, start);
    }
    expect(state).toEqual({ failures: 5, lastFailureAt: start });
    expect(retryAfterMs(state, policy, start)).toBe(30_000);
    expect(retryAfterMs(state, policy, start + 10_000)).toBe(20_000);
    expect(retryAfterMs(state, policy, start + 30_000)).toBe(0);
  });

  it('never asks for more than the cap, however many failures or a clock set back', () => {
    const hammered: ThrottleState = { failures: 1_000_000, lastFailureAt: 5_000 };
    expect(retryAfterMs(hammered, policy, 5_000)).toBe(policy.maxDelayMs);
    const future: ThrottleState = { failures: 9, lastFailureAt: 10 * 60_000 };
    expect(retryAfterMs(future, policy, 0)).toBe(delayFor(9, policy));
    expect(retryAfterMs({ failures: 3, lastFailureAt: 10 * 60_000 }, policy, 0)).toBe(0);
  });

  it('forgets a counter a while after its last failure', () => {
    const state: ThrottleState = { failures: 9, lastFailureAt: 0 };
    expect(retryAfterMs(state, policy, policy.forgetAfterMs)).toBe(0);
    expect(recordFailure(state, policy, policy.forgetAfterMs)).toEqual({
      failures: 1,
      lastFailureAt: policy.forgetAfterMs,
    });
  });

  it('gives an address more room than an account and a trusted device a lower cap', () => {
    expect(THROTTLE_POLICIES.address.freeFailures).toBeGreaterThan(THROTTLE_POLICIES.account.freeFailures);
    expect(THROTTLE_POLICIES.device.maxDelayMs).toBeLessThan(THROTTLE_POLICIES.account.maxDelayMs);
  });

  it('says how long to wait in Spanish', () => {
    expect(throttledMessage(1)).toBe('Demasiados intentos fallidos. Espera 1 minuto antes de volver a intentarlo.');
    expect(throttledMessage(61_000)).toBe(
      'Demasiados intentos fallidos. Espera 2 minutos antes de volver a intentarlo.',
    );
  });
});
