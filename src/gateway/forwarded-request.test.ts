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

const posted = () =>
  new Request('https://api.replica.test/apps/env_1/crm/services/data/v60.0/sobjects/Account', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"Name":"Acme"}',
  })
const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>
const NATIVE = 'https://api.replica.test/services/data/v60.0/sobjects/Account'

it('answers the body the gateway read, once, as Fetch does', async () => {
  const sent = posted()
  const read = bytesOf(await sent.text())
  const forwarded = forwardedRequest(sent, NATIVE, read)
  expect(forwarded.method).toBe('POST')
  expect(forwarded.bodyUsed).toBe(false)
  expect(await forwarded.json()).toEqual({ Name: 'Acme' })
  expect(forwarded.bodyUsed).toBe(true)
  await expect(forwarded.text()).rejects.toThrow(TypeError)
  expect(await forwardedRequest(sent, NATIVE, read).text()).toBe('{"Name":"Acme"}')
  expect(new TextDecoder().decode(await forwardedRequest(sent, NATIVE, read).arrayBuffer())).toBe(
    '{"Name":"Acme"}',
  )
  await expect(forwardedRequest(sent, NATIVE, bytesOf('{')).json()).rejects.toThrow(SyntaxError)
})

it('gives the body as a stream, a form and a clone through a real request', async () => {
  const sent = posted()
  const read = bytesOf(await sent.text())
  const streamed = forwardedRequest(sent, NATIVE, read)
  expect(await new Response(streamed.body).text()).toBe('{"Name":"Acme"}')
  expect(streamed.bodyUsed).toBe(true)
  await expect(streamed.text()).rejects.toThrow(TypeError)
  const clone = forwardedRequest(sent, NATIVE, read).clone()
  expect(clone.url).toBe(NATIVE)
  expect(await clone.text()).toBe('{"Name":"Acme"}')
  const large = bytesOf(`a=${'x'.repeat(100_000)}`)
  const form = forwardedRequest(
    new Request(NATIVE, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    NATIVE,
    large,
  )
  expect(((await form.formData()).get('a') as string).length).toBe(100_000)
})
