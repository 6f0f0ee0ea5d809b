/**
 * How a route of the API's table is put on a Fastify scope: its methods' handlers answered as JSON, the
 * preflight (OPTIONS) with the methods it takes, and 405 with `Allow` for the others.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { refuse } from '../errors.ts';
import { preflightHeaders } from './cors.ts';
import { sendJson, type ApiResponse } from './http.ts';

export type Handler = (request: FastifyRequest) => Promise<ApiResponse> | ApiResponse;
export type Route = Partial<Record<'GET' | 'POST', Handler>>;

type Scope = Parameters<FastifyPluginAsync>[0];

/** OPTIONS (the preflight) and 405 for the methods a path does not take. */
export function methodRoutes(path: string, methods: ReadonlyArray<keyof Route>, scope: Scope): void {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  scope.options(path, (request, reply) =>
    sendJson(reply, {
      status: 204,
      body: null,
      headers: { ...preflightHeaders(request.origin ?? { kind: 'none' }, methods), Allow: allow },
    }),
  );
  const others = (['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const).filter(
    (method) => !(methods as readonly string[]).includes(method) && !(method === 'HEAD' && methods.includes('GET')),
  );
  scope.route({
    method: others,
    url: path,
    exposeHeadRoute: false,
    handler: () => {
      throw refuse('methodNotAllowed', { allow });
    },
  });
}

/** A path's handlers on `scope`, each answer sent as JSON, with its preflight and 405s. */
export function register(scope: Scope, path: string, route: Route): void {
  for (const [method, handler] of Object.entries(route) as Array<[keyof Route, Handler]>) {
    scope.route({
      method,
      url: path,
      handler: async (request, reply) => sendJson(reply, await handler(request)),
    });
  }
  methodRoutes(path, Object.keys(route) as Array<keyof Route>, scope);
}
