/**
 * Where the links in e-mails point when `SITE_URL` is not set. A local run (the README's quick start) sends
 * its e-mails to `data/outbox/`; links to the public site there (the meeting's manage link among them) would
 * lead away from the server the tester is using. So, without `SITE_URL` and outside a production
 * deployment (`SITE_ENV=production`), the links use the address this server answers on. A deployment
 * always sets `SITE_URL`; with `SITE_ENV=production` and none, the canonical default stays.
 */
type Env = Readonly<Record<string, string | undefined>>;

/** The origin a browser on this machine reaches a server listening on `host:port` at. */
export function localOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const bracketed = reachable.includes(':') ? `[${reachable}]` : reachable;
  return `http://${bracketed}:${port}`;
}

/** `env` with `SITE_URL` set to the local server's origin when it applies (see above); otherwise `env`. */
export function withLocalSiteUrl(env: Env, host: string, port: number): Env {
  if (env.SITE_URL?.trim() || env.SITE_ENV === 'production' || port === 0) return env;
  return { ...env, SITE_URL: localOrigin(host, port) };
}
