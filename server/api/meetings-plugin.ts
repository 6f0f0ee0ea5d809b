/**
 * The meetings' routes (meetings.ts) as a Fastify plugin of their own. The API registers it inside its scope,
 * so the origin screen, the JSON body parser and the error handler apply to it as to every `/api/` route, and
 * hands it its slice of the configuration as options: what these routes read comes from there only.
 */
import type { FastifyPluginCallback } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Translations } from '../../core/i18n/load.ts';
import type { TrustProxy } from '../client/trusted-proxies.ts';
import { meetingRoutes, type MeetingApiOptions } from './meetings.ts';
import { registerLocalizedPost } from './localized-route.ts';
import { methodRoutes, register } from './route-table.ts';

/** What the meetings' routes read of the configuration: their plugin's options. */
export interface MeetingRoutesConfig {
  /** Calls per client address per window (`MEETING_RATE_LIMIT_MAX`). */
  meetingRateLimitMax: number;
  rateLimitWindowMs: number;
  trustProxy: TrustProxy;
  /** The active languages: a call is answered in its page's. */
  translations: Translations;
}

/** What the routes are built from, their configuration aside. */
export type MeetingRoutesDeps = Omit<MeetingApiOptions, 'trustProxy' | 'limit' | 'translations'>;

/** The meetings' slice, copied out of the configuration (and its content facts) it is part of. */
export function meetingRoutesConfigOf(
  config: Omit<MeetingRoutesConfig, 'translations'> & { facts: { translations: Translations } },
): MeetingRoutesConfig {
  const { meetingRateLimitMax, rateLimitWindowMs, trustProxy } = config;
  return { meetingRateLimitMax, rateLimitWindowMs, trustProxy, translations: config.facts.translations };
}

/** The plugin: the routes of a meeting's manage link, configured by its options; their paths go to `paths`. */
export function meetingsPlugin(
  deps: MeetingRoutesDeps,
  paths: Set<string>,
): FastifyPluginCallback<MeetingRoutesConfig> {
  return (scope, config, done) => {
    // The bodies' schemas are zod's (localized-route.ts), whichever scope registers the plugin.
    scope.setValidatorCompiler(validatorCompiler);
    const routes = meetingRoutes({
      ...deps,
      trustProxy: config.trustProxy,
      limit: { scope: 'meeting', max: config.meetingRateLimitMax, windowMs: config.rateLimitWindowMs },
      translations: config.translations,
    });
    const [readPath, read] = routes.read;
    paths.add(readPath);
    register(scope, readPath, read);
    for (const { path, inLanguage } of routes.changes) {
      paths.add(path);
      registerLocalizedPost(scope, path, config.translations, inLanguage);
      methodRoutes(path, ['POST'], scope);
    }
    done();
  };
}
