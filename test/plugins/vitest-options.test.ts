import { expect, it } from 'vitest'
import { resolvePluginOptions } from '../../plugins/vitest/options.js'

it('takes https in server mode only, as true or { tlsDir }', () => {
  expect(resolvePluginOptions({ mode: 'server', https: true }).https).toEqual({})
  expect(resolvePluginOptions({ mode: 'server', https: { tlsDir: '/x' } }).https).toEqual({ tlsDir: '/x' })
  expect(resolvePluginOptions({}).https).toBe(false)
  expect(() => resolvePluginOptions({ https: true })).toThrow("https needs mode 'server'")
  expect(() => resolvePluginOptions({ mode: 'server', https: 'yes' as never })).toThrow(
    'https must be a boolean or { tlsDir? }',
  )
})
