import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { brokenBody, streamedInit } from '../../../test/support/broken-body.js'
import { bodyCap } from './body-cap.js'
import type { ReplicaEnv } from './replica-env.js'

const app = new Hono<ReplicaEnv>()
  // the error body names the request, as responseHeaders sets it in the app
  .use((c, next) => {
    c.set('requestId', 'rid_test')
    return next()
  })
  .post('/echo', bodyCap(100), async (c) => c.text(await c.req.text()))

const post = (body: string, headers: Record<string, string> = {}) =>
  app.request('/echo', { method: 'POST', headers, body })

it('passes a body within the cap to the route, declared or not', async () => {
  const within = 'x'.repeat(100)
  expect(await (await post(within)).text()).toBe(within)
  expect(await (await post(within, { 'content-length': '100' })).text()).toBe(within)
})

it('refuses a body over the cap, whatever length it declares', async () => {
  const over = 'x'.repeat(101)
  const declared: Record<string, string>[] = [
    {},
    { 'content-length': '101' },
    { 'content-length': '10' },
    { 'content-length': 'ten' },
  ]
  for (const headers of declared) {
    const response = await post(over, headers)
    expect(response.status, JSON.stringify(headers)).toBe(413)
    expect((await response.json()).error.code).toBe('body_too_large')
  }
})

it('refuses a declared length over the cap before reading the body', async () => {
  const response = await post('{}', { 'content-length': '5000' })
  expect(response.status).toBe(413)
})

it('answers 400 invalid_request when the body cannot be read, not a 500', async () => {
  const response = await app.request('/echo', streamedInit(brokenBody('{"a":'), { method: 'POST' }))
  expect(response.status).toBe(400)
  const { error } = await response.json()
  expect(error).toMatchObject({
    code: 'invalid_request',
    message: 'Failed to read the request body: connection reset',
  })
})
