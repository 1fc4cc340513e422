/**
 * @module
 * The exported MSW handlers: a couple of catch-alls that hand every request under `baseUrl` to
 * the one Hono app. Never one MSW handler per route: msw's matching costs ~14 us per registered
 * handler per request (DESIGN.md "Why").
 */
import { http, type RequestHandler } from 'msw'

export function createMswHandlers(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): RequestHandler[] {
  return [http.all(`${baseUrl}/*`, ({ request }) => fetch(request))]
}
