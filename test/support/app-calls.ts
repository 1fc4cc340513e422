/**
 * Helpers for gateway and recorded-call tests: connecting to an environment's app, calling it,
 * reading what was recorded, and a test app whose native handler can answer any size and shape.
 */
import { expect } from 'vitest'
import type { NativeHandler } from '../../src/replica/native-call.js'
import type { SeedEnvironmentInput } from '../../src/index.js'
import { Credentials, RecordedRequestDetail, RecordedRequestList } from '../../src/schemas/index.js'
import { GatewayErrorBody, type GatewayErrorCode } from '../../src/schemas/gateway-error.js'
import type { ApiResponse, Client, RequestOptions } from './client.js'
import type { ConformanceFixtures } from './harness.js'

export const MiB = 1024 * 1024

/** Seeds an environment (running by default) and fetches credentials for its app over the API. */
export async function connect(
  { client, mock }: ConformanceFixtures,
  seed: SeedEnvironmentInput = {},
  options: { app?: string; actorId?: string } = {},
) {
  const environment = await mock.seed.environment(seed)
  const credentials = await credentialsFor(client, environment.id, options.app, options.actorId)
  return { environment, credentials, token: credentials.token }
}

export async function credentialsFor(client: Client, environmentId: string, app = 'crm', actorId?: string) {
  const response = await client.post(`/v1/environments/${environmentId}/apps/${app}/credentials`, {
    json: actorId === undefined ? {} : { actorId },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return Credentials.parse(response.body)
}

/** A native call with the app token as Bearer (`token: null` sends none). */
export function callApp(
  client: Client,
  method: string,
  path: string,
  token: string | null,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<ApiResponse> {
  return client.request(method, path, { ...options, token })
}

/** Asserts a gateway refusal: status and the gateway's `{ error: { code, message } }` body. */
export function expectRefusal(response: ApiResponse, status: number, code: GatewayErrorCode) {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status,
    body: { error: { code } },
  })
  return GatewayErrorBody.parse(response.body).error
}

/**
 * Asserts an authentication refusal on a native path: Salesforce's 401 INVALID_SESSION_ID body
 * (what clients key their refresh on), the gateway's reason in `WWW-Authenticate`; returns it.
 */
export function expectInvalidSession(response: ApiResponse): string {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 401,
    body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
  })
  const header = response.headers.get('www-authenticate') ?? ''
  expect(header).toMatch(/^Bearer error="invalid_token", error_description="/)
  return header
}

/** The environment's recorded calls over the API, newest first (first page of 100). */
export async function listRecorded(client: Client, environmentId: string, query = '') {
  const response = await client.get(`/v1/requests?environmentId=${environmentId}&limit=100${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return RecordedRequestList.parse(response.body).data
}

export async function getRecorded(client: Client, requestId: string) {
  const response = await client.get(`/v1/requests/${requestId}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return RecordedRequestDetail.parse(response.body)
}

/** The newest recorded call of the environment, in detail. */
export async function lastRecorded(client: Client, environmentId: string) {
  const [last] = await listRecorded(client, environmentId)
  expect(last).toBeDefined()
  return getRecorded(client, last!.id)
}

/**
 * A native handler for tests (the `nativeHandlers` option):
 * - `GET /services/data`: the served versions (a short form of the replica's list);
 * - `GET /services/test/bytes/{n}`: n bytes of `a` (`?stream` leaves out content-length, `?type=` sets it);
 * - `GET /services/test/binary`: bytes 0..255, `application/octet-stream`;
 * - `ANY /services/test/echo`: what the app saw (method, path, query, body size and text, call, headers);
 * - `GET /services/test/cookie`: sets a cookie;
 * - `GET /services/test/empty`: 204;
 * - `ANY /services/test/status/{n}`: status n (a JSON body unless n forbids one; MSW follows
 *   any 301/302/307/308 even without a `location`, so use 304 for a 3xx);
 * - `GET /services/test/throw`: throws.
 */
export const testApp: NativeHandler = async (request, call) => {
  const url = new URL(request.url)
  const sized = url.pathname.match(/^\/services\/test\/bytes\/(\d+)$/)
  if (sized) {
    const bytes = new Uint8Array(Number(sized[1])).fill(0x61)
    const type = url.searchParams.get('type') ?? 'text/plain'
    if (!url.searchParams.has('stream')) return new Response(bytes, { headers: { 'content-type': type } })
    const chunk = 64 * 1024
    let at = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close()
        controller.enqueue(bytes.subarray(at, at + chunk))
        at += chunk
      },
    })
    return new Response(stream, { headers: { 'content-type': type } })
  }
  const status = url.pathname.match(/^\/services\/test\/status\/(\d{3})$/)
  if (status) {
    const code = Number(status[1])
    if ([204, 205, 304].includes(code)) return new Response(null, { status: code })
    return Response.json({ status: code }, { status: code })
  }
  switch (url.pathname) {
    case '/services/test/binary':
      return new Response(
        Uint8Array.from({ length: 256 }, (_, i) => i),
        {
          headers: { 'content-type': 'application/octet-stream' },
        },
      )
    case '/services/test/echo': {
      const body = new Uint8Array(await request.arrayBuffer())
      return Response.json({
        method: request.method,
        path: url.pathname,
        query: url.search,
        bytes: body.byteLength,
        text: body.byteLength <= 1024 ? new TextDecoder().decode(body) : null,
        call,
        actorHeader: request.headers.get('x-replica-actor'),
      })
    }
    case '/services/test/copy': {
      // what a handler that passes the call on does (`fetch(request)` takes the same input)
      const copy = new Request(request, { method: 'PUT' })
      return Response.json({ isRequest: request instanceof Request, url: copy.url, text: await copy.text() })
    }
    case '/services/test/plain':
      // no headers: the transport's default content type
      return new Response('plain')
    case '/services/test/own-request-id':
      return new Response('{}', {
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'app-chosen' },
      })
    case '/services/test/cookie':
      return Response.json({ ok: true }, { headers: { 'set-cookie': 'sid=secret-session; Path=/' } })
    case '/services/test/empty':
      return new Response(null, { status: 204 })
    case '/services/test/throw':
      throw new Error('test app failure')
    case '/services/data':
      return Response.json(
        call.apiVersions.map((version) => ({ url: `/services/data/v${version}`, version })),
      )
    default:
      return Response.json([{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }], {
        status: 404,
      })
  }
}
