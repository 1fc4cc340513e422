import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { forwardedRequest } from './forwarded-request.js'

const sent = () =>
  new Request('https://api.replica.test/apps/env_1/crm/services/data?x=1', {
    headers: { accept: 'application/json', 'x-test': 'yes' },
  })

it('answers url with the native URL and reads method and headers through to the sent request', () => {
  const request = sent()
  const forwarded = forwardedRequest(request, 'https://api.replica.test/services/data?x=1')
  expect(forwarded).toBeInstanceOf(Request)
  expect(forwarded.url).toBe('https://api.replica.test/services/data?x=1')
  expect(forwarded.method).toBe('GET')
  expect(forwarded.headers).toBe(request.headers)
  expect(forwarded.headers.get('x-test')).toBe('yes')
  expect(forwarded.body).toBeNull()
  expect(forwarded.signal).toBe(request.signal)
})

it('builds a real request for the methods that need one', async () => {
  const forwarded = forwardedRequest(sent(), 'https://api.replica.test/services/data')
  const copy = forwarded.clone()
  expect(copy.url).toBe('https://api.replica.test/services/data')
  expect(copy.headers.get('accept')).toBe('application/json')
  expect(await forwarded.text()).toBe('')
})

it('routes in Hono by the native path', async () => {
  const app = new Hono().get('/services/data', (c) =>
    c.text(`${c.req.method} ${c.req.header('x-test')} ${c.req.query('x')}`),
  )
  const response = await app.fetch(forwardedRequest(sent(), 'https://api.replica.test/services/data?x=1'))
  expect(await response.text()).toBe('GET yes 1')
})
