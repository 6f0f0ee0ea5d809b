/** An environment variable set to blank counts as not set, so its default applies (a shared zod preprocess). */
export const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
