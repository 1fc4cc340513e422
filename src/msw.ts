/**
 * @module
 * Where the package meets msw, the same in both majors of the peer range (decision 0051): the
 * exported MSW handlers, a couple of catch-alls that hand every request under `baseUrl` to the
 * one Hono app, and the `listen()` options that say what happens to a request none answers.
 * Never one MSW handler per route: msw's matching costs ~14 us per registered handler per
 * request (decision 0002).
 */
// the root entry: the one that exports `http` in both majors (msw 2 has `msw/core/http`, msw 3
// `msw/http`)
import { http, type RequestHandler } from 'msw'

/** What msw does with a request no handler answers. */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error'

export function createMswHandlers(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): RequestHandler[] {
  return [http.all(`${baseUrl}/*`, ({ request }) => fetch(request))]
}

/**
 * `setupServer(...).listen()` options applying `strategy` to requests no handler answers: msw 2
 * reads `onUnhandledRequest`, msw 3 `onUnhandledFrame` (the same strategies), and each ignores
 * the other's.
 */
export function listenOptions(strategy: UnhandledRequestStrategy): {
  onUnhandledRequest: UnhandledRequestStrategy
  onUnhandledFrame: UnhandledRequestStrategy
} {
  return { onUnhandledRequest: strategy, onUnhandledFrame: strategy }
}
