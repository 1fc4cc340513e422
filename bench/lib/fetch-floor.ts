/**
 * @module
 * What an in-process native call costs before any handler runs: making its `Request` and reading
 * its body, if any. On Node 20 (undici) this alone is much of a direct handler call (a body is a
 * web stream), so the in-process figures print it beside them: the handler's own share is the
 * difference. The answer is the handler's own: in-process its JSON answers are light responses
 * (src/replica/light-response.ts) that make no Fetch Response until one is needed, so a Response
 * made and read here would count a cost the handler no longer pays.
 */
import type { LoopTarget } from './measure-loop.js'

/** A loop target doing only that for `request()`. */
export function fetchFloor(label: string, request: () => Request): LoopTarget {
  return {
    label: `Fetch objects alone (${label}: new Request, its body read if any)`,
    fn: async () => {
      const made = request()
      if (made.body) await made.text()
    },
  }
}
