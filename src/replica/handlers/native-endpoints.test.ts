import { expect, it } from 'vitest'
import { createCrmRoutes } from './crm-routes.js'
import { NATIVE_ENDPOINTS, patternOf } from './native-endpoints.js'

it('names only routes the replica registers', () => {
  const patterns = new Set(
    createCrmRoutes({ dataFor: () => undefined }).routes.routes.map((route) => patternOf(route.path)),
  )
  for (const pattern of NATIVE_ENDPOINTS.keys()) expect(patterns, pattern).toContain(pattern)
})

it('leaves parameter constraints out of a pattern', () => {
  expect(patternOf('/services/data/:version{v[0-9]+\\.[0-9]+}/sobjects/:object')).toBe(
    '/services/data/:version/sobjects/:object',
  )
})
