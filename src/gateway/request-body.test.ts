import { expect, it } from 'vitest'
import { brokenBody, streamedInit } from '../../test/support/broken-body.js'
import { parseAppPath } from './app-path.js'
import { nativeRequest, readRequestBody } from './request-body.js'

const post = (body: string, headers: Record<string, string>) =>
  new Request('http://replica.test/services/data/v60.0/sobjects/Account', { method: 'POST', headers, body })

const length = (data: string | Uint8Array) => (typeof data === 'string' ? data.length : data.byteLength)

it('reads a body within the cap whole, declared or not', async () => {
  const declared: Record<string, string>[] = [{}, { 'content-length': '100' }]
  for (const headers of declared) {
    const body = await readRequestBody(post('x'.repeat(100), headers), 100)
    expect(body).toMatchObject({ complete: true, size: 100 })
    expect(length(body.data)).toBe(100)
  }
})

// over HTTP Node holds a body to its Content-Length; an in-process Request may declare anything
it('never passes on a body over the cap, whatever length it declares', async () => {
  const declared: Record<string, string>[] = [
    {},
    { 'content-length': '101' },
    { 'content-length': '10' },
    { 'content-length': 'ten' },
  ]
  for (const headers of declared) {
    const body = await readRequestBody(post('x'.repeat(101), headers), 100)
    expect(body, JSON.stringify(headers)).toMatchObject({
      complete: false,
      reason: 'Larger than the 100-byte limit: the gateway did not pass it on',
    })
  }
})

it('answers a body whose stream fails as unreadable, naming why, instead of throwing', async () => {
  for (const headers of [{}, { 'content-length': '100' }] as Record<string, string>[]) {
    const request = new Request(
      'http://replica.test/services/data/v60.0/sobjects/Account',
      streamedInit(brokenBody('{"Name":'), { method: 'POST', headers }),
    )
    const body = await readRequestBody(request, 100)
    expect(body, JSON.stringify(headers)).toMatchObject({
      complete: false,
      unreadable: true,
      reason: 'Failed to read the request body: connection reset',
    })
  }
})

it('gives the app a real Request for the native path on the given origin, with the body read and no framing headers', async () => {
  const sent = new Request(
    'https://client-chosen.example/apps/env_1/crm/services/data/v60.0/sobjects/Account?x=1',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '15', 'x-test': 'yes' },
      body: '{"Name":"Acme"}',
    },
  )
  const url = new URL(sent.url)
  const body = await readRequestBody(sent, 100)
  const native = nativeRequest(sent, url, parseAppPath(url.pathname)!, body, 'https://api.replica.test')
  expect(native.url).toBe('https://api.replica.test/services/data/v60.0/sobjects/Account?x=1')
  expect(native.method).toBe('POST')
  expect(native.headers.get('x-test')).toBe('yes')
  expect(native.headers.has('content-length')).toBe(false)
  // Fetch's own copy takes it, as a handler passing the call on with fetch() makes one
  expect(await new Request(native).json()).toEqual({ Name: 'Acme' })
})

it('gives a call without a body a Request without one', () => {
  const sent = new Request('https://api.replica.test/services/data')
  const url = new URL(sent.url)
  const native = nativeRequest(
    sent,
    url,
    parseAppPath(url.pathname)!,
    {
      contentType: null,
      data: new Uint8Array(0),
      complete: true,
      size: 0,
    },
    url.origin,
  )
  expect(native).not.toBe(sent)
  expect(native.body).toBeNull()
})
