/**
 * @module
 * `/services/apexrest/...`: the org's Apex REST endpoints, served by the handlers the mock was
 * given (src/replica/apex). The route reads the request into Apex's `RestRequest`, lets the
 * domain match and run the handler in the call's transaction, and sends what it answered. A path
 * no route matches answers Salesforce's `NOT_FOUND` ("Could not find a match for URL ..."), a
 * route without the method `METHOD_NOT_ALLOWED`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_rest_intro.htm
 */
import type { Hono } from 'hono'
import type { StatusCode } from 'hono/utils/http-status'
import { runApexRestCall } from '../apex/apex-rest-call.js'
import type { ApexRestRequest } from '../apex/apex-types.js'
import { NotFoundError } from '../errors.js'
import { methodNotAllowed } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { orgCodeView } from './org-code-view.js'
import { bodyText } from './read-json-body.js'

const PREFIX = '/services/apexrest'

/** Headers a handler has no use for, kept out of its `RestRequest` (they carry the session). */
const HIDDEN_HEADERS = new Set(['authorization', 'cookie'])

export function apexRestRoutes(app: Hono<NativeEnv>): void {
  app.all(PREFIX, serveApexRest)
  app.all(`${PREFIX}/*`, serveApexRest)
}

async function serveApexRest(c: NativeContext) {
  const requestURI = c.req.path.slice(PREFIX.length) || '/'
  const match = c.get('options').orgCode?.matchRest(c.req.method, requestURI) ?? { status: 'not-found' }
  if (match.status === 'not-found') throw new NotFoundError(`Could not find a match for URL ${requestURI}`)
  if (match.status === 'method-not-allowed') methodNotAllowed(c, match.allowed.join(','))
  const answer = await runApexRestCall(
    {
      app: c.get('data'),
      environmentId: c.get('native').call.environmentId,
      view: orgCodeView(c),
      handler: match.route.handler,
      request: await restRequest(c, requestURI, match.route.mapping),
      params: match.params,
    },
    { timeoutMs: c.get('options').orgCode!.timeoutMs, scope: c.get('transaction') },
  )
  const body = answer.body instanceof Uint8Array ? new Uint8Array(answer.body) : answer.body
  return c.newResponse(body, answer.status as StatusCode, answer.headers)
}

async function restRequest(c: NativeContext, requestURI: string, mapping: string): Promise<ApexRestRequest> {
  // own keys whatever the names (a header may be called `__proto__`)
  const headers = Object.fromEntries([...c.req.raw.headers].filter(([name]) => !HIDDEN_HEADERS.has(name)))
  // the gateway has read the body (within its cap): it is in the request context
  const requestBody = bodyText(c)
  return {
    httpMethod: c.req.method,
    requestURI,
    resourcePath: `${PREFIX}${mapping}`,
    params: Object.fromEntries(new URL(c.req.url).searchParams),
    headers,
    requestBody,
    body: jsonOf(requestBody, headers['content-type']),
  }
}

/** The body parsed, when it says it is JSON and is; a handler reads `requestBody` for anything else. */
function jsonOf(text: string, contentType: string | undefined): unknown {
  if (text === '' || !/json/i.test(contentType ?? '')) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
