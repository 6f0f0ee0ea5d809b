/** Where the site calls the lead API: a module of its own so the lightest scripts can import it alone. */
import { API_BASE_PATH, DEV_API_BASE } from '../../../core/api/routes.ts';

/** The base every call is made against: `PUBLIC_API_BASE` when set (with a trailing slash), else per mode. */
export function resolveApiBase(configured: string | undefined, dev: boolean): string {
  const base = configured?.trim();
  if (base) return base.endsWith('/') ? base : `${base}/`;
  return dev ? DEV_API_BASE : API_BASE_PATH;
}
