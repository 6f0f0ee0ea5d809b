/** What `client:interact={{ … }}` accepts (see directive.ts). Plain data: Astro serialises it into the page. */
export interface InteractOptions {
  /** Root margin around the screen within which an approaching island hydrates, e.g. `'400px'`. */
  near?: string;
  /** Fragment prefix (without `#`) of links to something inside the island. */
  hash?: string;
  /** Keys held before hydration and replayed once the island has hydrated. */
  replayKeys?: readonly string[];
}
