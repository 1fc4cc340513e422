/**
 * @module
 * The exported MSW handlers: a couple of catch-alls that hand every request under `baseUrl` to
 * the one Hono app. Never one MSW handler per route: msw's matching costs ~14 us per registered
 * handler per request (decision 0002).
 */
// `msw/core/http`, not `msw`: the root entry also loads GraphQL support (~290 ms at import)
import type { RequestHandler } from 'msw'
import { http } from 'msw/core/http'

export function createMswHandlers(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): RequestHandler[] {
  return [http.all(`${baseUrl}/*`, ({ request }) => fetch(request))]
}
