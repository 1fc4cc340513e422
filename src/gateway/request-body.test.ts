import { expect, it } from 'vitest'
import { brokenBody, streamedInit } from '../../test/support/broken-body.js'
import { nativeUrl, readRequestBody } from './request-body.js'

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

it('joins a native URL as the URL parser would make it, plain or not', () => {
  const origin = 'http://127.0.0.1:8080'
  const targets = [
    '/services/data/v60.0/sobjects/Account',
    '/services/data/v60.0/query?q=SELECT+Id+FROM+Account&x=1',
    '/services/data/v60.0/sobjects/Account/External_Id__c/A-1?fields=Id,Name',
    '/',
    // the parser changes these: '.' and '..' segments, characters it encodes, and '%'
    '/services/data/../data/v60.0',
    '/services/./data',
    '/services/data/..',
    "/services/data?q=it's",
    '/services/data?q=a b',
    '/services/da`ta^{x}',
    '/services/data/%2e%2e/v60.0',
    '/services/data?q=%27',
  ]
  for (const target of targets) expect(nativeUrl(origin, target)).toBe(new URL(target, origin).href)
})
