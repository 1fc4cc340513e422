import { expect, it } from 'vitest'
import { createCrmRoutes } from './crm-routes.js'
import { NATIVE_ENDPOINT_NAMES, NATIVE_ENDPOINTS, patternOf, SHARED_ROUTES } from './native-endpoints.js'

it('names only routes the replica registers', () => {
  const patterns = new Set(
    createCrmRoutes({ dataFor: () => undefined }).routes.routes.map((route) => patternOf(route.path)),
  )
  for (const pattern of [...NATIVE_ENDPOINTS.keys(), ...SHARED_ROUTES.keys()]) {
    expect(patterns, pattern).toContain(pattern)
  }
})

it('knows the describe resources that share the record’s routes by name', () => {
  expect(NATIVE_ENDPOINT_NAMES).toEqual(
    expect.arrayContaining([
      'sobjects/{object}/describe',
      'sobjects/{object}/quickActions',
      'sobjects/{object}/describe/layouts',
      'sobjects/{object}/describe/compactLayouts',
      'sobjects/{object}/describe/approvalLayouts',
      'sobjects/{object}/describe/layouts/{recordTypeId}',
    ]),
  )
})

it('leaves parameter constraints out of a pattern', () => {
  expect(patternOf('/services/data/:version{v[0-9]+\\.[0-9]+}/sobjects/:object')).toBe(
    '/services/data/:version/sobjects/:object',
  )
})
