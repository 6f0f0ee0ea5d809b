/**
 * A value derived from content/ once per build and key: a build renders hundreds of pages (every case in
 * every language) and content does not change while it runs, so a page asks and the first answer is kept.
 * The dev server derives it at every call, so an editor's change shows without a restart.
 */
export function oncePerBuild<T, K = void>(derive: (key: K) => T): (key: K) => T {
  const values = new Map<K, T>();
  return (key) => {
    if (import.meta.env.DEV) return derive(key);
    if (!values.has(key)) values.set(key, derive(key));
    return values.get(key) as T;
  };
}
