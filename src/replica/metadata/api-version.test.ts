import { expect, it } from 'vitest'
import { formatApiVersion, parseApiVersion, versionBasePath } from './api-version.js'

it('parses the forms a version arrives in', () => {
  expect(parseApiVersion('v60.0')).toBe(60)
  expect(parseApiVersion('60.0')).toBe(60)
  expect(parseApiVersion('48')).toBe(48)
  expect(parseApiVersion(52)).toBe(52)
})

it('returns undefined for anything that is not a whole version', () => {
  expect(parseApiVersion('60.5')).toBeUndefined()
  expect(parseApiVersion('v')).toBeUndefined()
  expect(parseApiVersion('latest')).toBeUndefined()
  expect(parseApiVersion('0.0')).toBeUndefined()
  expect(parseApiVersion(60.5)).toBeUndefined()
})

it('formats a version as in urls', () => {
  expect(formatApiVersion(60)).toBe('60.0')
  expect(formatApiVersion('v48.0')).toBe('48.0')
  expect(versionBasePath('58')).toBe('/services/data/v58.0')
})

it('errors on formatting a non-version', () => {
  expect(() => formatApiVersion('x')).toThrow(TypeError)
})
