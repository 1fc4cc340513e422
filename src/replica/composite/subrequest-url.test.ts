import { expect, it } from 'vitest'
import { batchSubrequestUrl, encodeSubrequestUrl, parseSubrequestUrl } from './subrequest-url.js'

it('reads the version, path segments and kind of a subrequest URL', () => {
  const table: Array<[string, number, string[], string]> = [
    ['/services/data/v60.0/sobjects/Account', 60, ['sobjects', 'Account'], 'sobjects'],
    [
      '/services/data/v58.0/sobjects/Account/@{a.id}?fields=Name',
      58,
      ['sobjects', 'Account', '@{a.id}'],
      'sobjects',
    ],
    ['/services/data/v60.0/query?q=SELECT+Id+FROM+Account', 60, ['query'], 'query'],
    [
      '/services/data/v60.0/queryAll/01gRm0000000001IAA-2000',
      60,
      ['queryAll', '01gRm0000000001IAA-2000'],
      'query',
    ],
    ['/services/data/v60.0/composite/sobjects?ids=1', 60, ['composite', 'sobjects'], 'collections'],
    ['/services/data/v60.0/composite/tree/Account', 60, ['composite', 'tree', 'Account'], 'composite'],
    ['/services/data/v60.0/limits', 60, ['limits'], 'other'],
  ]
  for (const [url, version, segments, kind] of table) {
    expect(parseSubrequestUrl(url), url).toEqual({ version, segments, kind })
  }
})

it('errors on anything but a REST API path', () => {
  for (const url of [
    'sobjects/Account',
    'https://x.example/services/data/v60.0/sobjects',
    '/services/data/60.0/sobjects',
    '/services/data/v60.5/sobjects',
    '/services/apexrest/x',
    '/services/data/v60.0/sobjects/../x',
  ]) {
    expect(() => parseSubrequestUrl(url), url).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }))
  }
})

it('reads batch URLs relative to /services/data, and full paths as they are', () => {
  expect(batchSubrequestUrl('v60.0/sobjects')).toBe('/services/data/v60.0/sobjects')
  expect(batchSubrequestUrl('/v60.0/sobjects')).toBe('/services/data/v60.0/sobjects')
  expect(batchSubrequestUrl('/services/data/v60.0/sobjects')).toBe('/services/data/v60.0/sobjects')
})

it('reads a query string with unencoded spaces, as a real org does', () => {
  expect(parseSubrequestUrl('/services/data/v52.0/query/?q=SELECT Id FROM Account')).toEqual({
    version: 52,
    segments: ['query'],
    kind: 'query',
  })
})

it('percent-encodes whitespace and control characters for the dispatch, and nothing else', () => {
  expect(encodeSubrequestUrl('/services/data/v60.0/query?q=SELECT Id\nFROM Account+x%20')).toBe(
    '/services/data/v60.0/query?q=SELECT%20Id%0AFROM%20Account+x%20',
  )
  const url = `http://x${encodeSubrequestUrl('/services/data/v60.0/query?q=SELECT Id\tFROM Account')}`
  expect(new URL(url).searchParams.get('q')).toBe('SELECT Id\tFROM Account')
})
