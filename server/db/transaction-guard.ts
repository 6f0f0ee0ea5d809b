/**
 * Catches a classic deadlock early: inside `storage.transaction(work)`, a query on the storage itself
 * (instead of on `tx`) waits for a connection the transaction holds. It throws at once instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export function createTransactionGuard() {
  const inside = new AsyncLocalStorage<true>();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      return inside.run(true, work);
    },
    assertOutside(): void {
      if (inside.getStore()) throw new Error('Dentro de storage.transaction() usa el objeto tx, no storage.');
    },
  };
}
