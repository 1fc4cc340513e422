import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { lightResponse } from '../replica/light-response.js'
import { cachedResponse, withHeaders } from './node-server-response-cache.js'

const fetchResponse = globalThis.Response
const fetchRequest = globalThis.Request
/** The adapter's lightweight Response, which it puts in place of the global one while it serves. */
let Lightweight: typeof Response

beforeAll(() => {
  getRequestListener(() => new Response(null))
  Lightweight = globalThis.Response
  Object.defineProperty(globalThis, 'Response', { value: fetchResponse })
  Object.defineProperty(globalThis, 'Request', { value: fetchRequest })
})
afterAll(() => {
  expect(globalThis.Response).toBe(fetchResponse)
})

it('sets the extra headers, replacing a header of the same name in any case and keeping the others', () => {
  const app = new Lightweight('{"a":1}', {
    status: 201,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'from-the-app', Location: '/x' },
  })
  const rebuilt = withHeaders(app, [['x-request-id', 'req_1']])!
  expect(rebuilt).toBeInstanceOf(Lightweight)
  expect(cachedResponse(rebuilt)).toEqual({
    status: 201,
    body: '{"a":1}',
    headers: { 'Content-Type': 'application/json', Location: '/x', 'x-request-id': 'req_1' },
  })
})

it("gives a body without headers the adapter's default content type, and a null body none", () => {
  expect(cachedResponse(withHeaders(new Lightweight('text'), [['x-request-id', 'r']])!)?.headers).toEqual({
    'content-type': 'text/plain; charset=UTF-8',
    'x-request-id': 'r',
  })
  expect(
    cachedResponse(withHeaders(new Lightweight(null, { status: 204 }), [['x-request-id', 'r']])!)?.headers,
  ).toEqual({ 'x-request-id': 'r' })
})

it('leaves a Fetch Response, or one with Fetch Headers, to the caller', () => {
  expect(withHeaders(new Response('x'), [['x-request-id', 'r']])).toBeUndefined()
  const withFetchHeaders = new Lightweight('x', { headers: new Headers({ a: 'b' }) })
  expect(withHeaders(withFetchHeaders, [['x-request-id', 'r']])).toBeUndefined()
})

it("answers an app's light response with a real Response holding its body and every header", async () => {
  const app = lightResponse('{"a":1}', 201, { 'content-type': 'application/json', location: '/x' })
  expect(cachedResponse(app)).toEqual({
    status: 201,
    body: '{"a":1}',
    headers: { 'content-type': 'application/json', location: '/x' },
  })
  const rebuilt = withHeaders(app, [['x-request-id', 'req_1']])!
  expect(Object.getPrototypeOf(rebuilt)).toBe(fetchResponse.prototype)
  expect(rebuilt.status).toBe(201)
  expect(Object.fromEntries(rebuilt.headers)).toEqual({
    'content-type': 'application/json',
    location: '/x',
    'x-request-id': 'req_1',
  })
  expect(await rebuilt.text()).toBe('{"a":1}')
})
