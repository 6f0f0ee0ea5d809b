/**
 * `false` while the server renders and while React hydrates the server's HTML, `true` from the next
 * render on: islands use it to render exactly the server markup first and enhance it afterwards, without a
 * state update inside an effect.
 */
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
