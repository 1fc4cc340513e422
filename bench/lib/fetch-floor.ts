/**
 * @module
 * What an in-process native call costs before any handler runs: making its `Request` and a
 * `Response` with the same body, and reading that back as text. On Node 20 (undici) these alone
 * are most of a direct handler call (each body is a web stream), so the in-process figures print
 * this beside them: the handler's own share is the difference.
 */
import type { LoopTarget } from './measure-loop.js'

/** A loop target doing only that for `request()` and a `body` answered with `status`. */
export function fetchFloor(label: string, request: () => Request, body: string, status = 200): LoopTarget {
  return {
    label: `Fetch objects alone (${label}: new Request, new Response, text())`,
    fn: async () => {
      const made = request()
      if (made.body) await made.text()
      const response = new Response(body, {
        status,
        headers: { 'content-type': 'application/json; charset=UTF-8' },
      })
      await response.text()
    },
  }
}
