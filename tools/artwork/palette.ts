/**
 * The "liquid glass" palette every generated image draws from. The site's CSS tokens use the same
 * values; artwork keeps its own copy because it renders outside the browser.
 */
export const PALETTE = {
  /** Deepest background, the page colour. */
  night: '#0b1020',
  /** Mid background between night and indigoDeep. */
  navy: '#121a3a',
  indigoDeep: '#1e1b4b',
  indigo: '#6366f1',
  indigoDark: '#4f46e5',
  violet: '#8b5cf6',
  cyan: '#22d3ee',
  coral: '#fb7185',
  amber: '#fbbf24',
  emerald: '#34d399',
  sky: '#38bdf8',
  white: '#ffffff',
  /** Wordmark colour on light backgrounds. */
  ink: '#0f1533',
  /** Light UI surfaces inside device mock-ups. */
  paper: '#f5f7ff',
  mist: '#e6e9f7',
  slate: '#94a3b8',
} as const;
