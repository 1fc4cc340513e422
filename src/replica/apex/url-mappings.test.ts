import { describe, expect, it } from 'vitest'
import { compileMappings, matchMapping } from './url-mappings.js'

const routes = compileMappings<() => string>({
  'GET /orders/v1/:id': () => 'get one',
  'POST /orders/v1/*': () => 'post any',
  'GET /orders/v1/summary': () => 'summary',
  '/ping': () => 'ping',
  'GET /a/*/c': () => 'middle',
})

describe('matchMapping', () => {
  it.each([
    ['GET', '/orders/v1/42', 'get one', { id: '42' }],
    ['GET', '/orders/v1/summary', 'summary', {}],
    ['POST', '/orders/v1/42/lines', 'post any', { '*': '42/lines' }],
    ['POST', '/orders/v1', 'post any', { '*': '' }],
    ['POST', '/orders/v1/', 'post any', { '*': '' }],
    ['DELETE', '/ping', 'ping', {}],
    ['HEAD', '/orders/v1/7', 'get one', { id: '7' }],
    ['GET', '/orders/v1/a%20b', 'get one', { id: 'a b' }],
    ['GET', '/a/b/c', 'middle', {}],
  ])('%s %s is %s', (method, path, handler, params) => {
    const match = matchMapping(routes, method, path)
    expect(match.status === 'found' && [match.route.handler(), match.params]).toEqual([handler, params])
  })

  it.each([
    ['GET', '/Orders/v1/42'],
    ['GET', '/orders'],
    ['GET', '/a/b/x/c'],
    ['GET', '/a/b'],
  ])('%s %s matches nothing (case-sensitive, one segment per parameter)', (method, path) => {
    expect(matchMapping(routes, method, path)).toEqual({ status: 'not-found' })
  })

  it('names the methods of the best mapping when none serves the method', () => {
    expect(matchMapping(routes, 'PATCH', '/orders/v1/summary')).toEqual({
      status: 'method-not-allowed',
      allowed: ['GET'],
    })
  })
})

describe('compileMappings', () => {
  it.each(['FETCH /x', 'GET x', 'GET /a*b', 'GET /a//b', 'GET /:'])('refuses the route key "%s"', (key) => {
    expect(() => compileMappings({ [key]: () => undefined })).toThrow(/Failed to register Apex REST route/)
  })

  it('refuses a handler that is not a function', () => {
    expect(() => compileMappings({ 'GET /x': 'nope' as never })).toThrow('expected a function')
  })
})
