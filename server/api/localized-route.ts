/**
 * A POST route whose body's schema depends on the page's language: one Fastify route per active language on
 * the same URL, each declaring that language's shared zod schema (core/forms/) through the type provider,
 * told apart by a route constraint that reads the request's language as the handlers always did
 * (`Content-Language`, else `Accept-Language`; client/facts.ts). A schema is compiled once, when its route
 * is registered, and a validator sees only the body, never the request: a route per language is how
 * Fastify lets the headers choose the schema. The default language's route carries no constraint, so a
 * request in no other active language falls back to it.
 *
 * Before the schema runs, the route's `preValidation` screens the request as its handler did first (a
 * missing body is a 415, a client over its limit a 429, a filled honeypot a quiet 201), so the order of the
 * refusals is the one the API always answered with. A body the schema refuses becomes the route's 422 in its
 * language (`schemaErrorFormatter`), which the API's one error handler renders.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { output, $ZodType } from 'zod/v4/core';
import type { Translations } from '../../core/i18n/load.ts';
import { requestLanguage } from '../client/facts.ts';
import { issueFields, jsonBody, sendJson, type ApiResponse } from './http.ts';

/** The route constraint that holds the request's language. */
const LANGUAGE_CONSTRAINT = 'language';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
/** What the router keeps for one language's route. */
type RouteStore = Parameters<ReturnType<ConstraintStrategy['storage']>['set']>[1];

/** What a localized route does in one language. */
export interface LocalizedRoute<S extends $ZodType> {
  /** The body's schema in the language, with its messages. */
  schema: S;
  /** The 422 of the fields the schema refused (each field's first message), worded in the language. */
  refuseFields(errors: Record<string, string>): Error;
  /** The field a problem of the whole body is reported under. */
  rootField: string;
  /** Runs before the schema: throws a refusal, sends an answer (returned) or lets the request go on. */
  screen?(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** The answer to a body the schema took, typed and cleaned by it. */
  handle(request: FastifyRequest, body: output<S>): Promise<ApiResponse>;
}

/**
 * Puts the language constraint on the app's router, once: it derives every request's language from its
 * headers (a few string comparisons; routes without the constraint ignore it).
 */
function useLanguageConstraint(scope: FastifyInstance, translations: Translations): void {
  if (scope.hasConstraintStrategy(LANGUAGE_CONSTRAINT)) return;
  scope.addConstraintStrategy({
    name: LANGUAGE_CONSTRAINT,
    storage() {
      const byLanguage = new Map<unknown, RouteStore>();
      return {
        get: (language) => byLanguage.get(language) ?? null,
        set: (language, store) => {
          byLanguage.set(language, store);
        },
      };
    },
    deriveConstraint: (req) => requestLanguage(req, translations),
  });
}

/**
 * `path`'s POST in every active language of `translations`, each route built by `inLanguage`, on a scope
 * whose validator compiler is the zod type provider's; the caller registers the path's preflight and 405s.
 */
export function registerLocalizedPost<S extends $ZodType>(
  scope: FastifyInstance,
  path: string,
  translations: Translations,
  inLanguage: (code: string) => LocalizedRoute<S>,
): void {
  useLanguageConstraint(scope, translations);
  for (const { code } of translations.active) {
    const route = inLanguage(code);
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: path,
      ...(code === translations.defaultCode ? {} : { constraints: { [LANGUAGE_CONSTRAINT]: code } }),
      schema: { body: route.schema },
      preValidation: async (request, reply) => {
        // A request that sent no body at all is refused before anything looks at it.
        jsonBody(request);
        return route.screen?.(request, reply);
      },
      schemaErrorFormatter: (issues) => route.refuseFields(issueFields(issues, route.rootField)),
      handler: async (request, reply) => sendJson(reply, await route.handle(request, request.body as output<S>)),
    });
  }
}
