import { expect, it } from 'vitest'
import { JsonLimitError, PROTOTYPE_KEYS, parseLimitedJson } from './json-limits.js'

const failure = (text: string, limits: Parameters<typeof parseLimitedJson>[1]) => {
  try {
    parseLimitedJson(text, limits)
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a failure')
}

it('parses JSON nested up to the depth limit and refuses one level more before parsing', () => {
  expect(parseLimitedJson('{"a":[{"b":1}]}', { maxDepth: 3 })).toEqual({ a: [{ b: 1 }] })
  const error = failure('{"a":[{"b":[1]}]}', { maxDepth: 3 })
  expect(error).toBeInstanceOf(JsonLimitError)
  expect(error.message).toBe('it is nested more than 3 levels deep (at character 12)')
  // a million levels: refused by the text scan, never handed to JSON.parse
  expect(failure(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, { maxDepth: 32 })).toBeInstanceOf(
    JsonLimitError,
  )
})

it('ignores brackets inside strings, escaped quotes included', () => {
  expect(parseLimitedJson('{"a":"[[[[\\"{{{{"}', { maxDepth: 1 })).toEqual({ a: '[[[["{{{{' })
})

it('refuses more values than allowed', () => {
  expect(parseLimitedJson('[1,2,3]', { maxDepth: 2, maxValues: 4 })).toEqual([1, 2, 3])
  expect(failure('[1,2,3,4]', { maxDepth: 2, maxValues: 4 }).message).toBe('it holds more than 4 values')
})

it('refuses a __proto__ key at any depth, naming where it is', () => {
  const error = failure('{"apps":[{"settings":{"__proto__":{"version":"x"}}}]}', {
    maxDepth: 10,
    forbiddenKeys: PROTOTYPE_KEYS,
  }) as JsonLimitError
  expect(error.path).toBe('apps.0.settings.__proto__')
  expect(error.message).toBe('the key "__proto__" is not allowed')
  expect(parseLimitedJson('{"constructor":1}', { maxDepth: 1, forbiddenKeys: PROTOTYPE_KEYS })).toEqual({
    constructor: 1,
  })
})

it('throws SyntaxError for text that is not JSON', () => {
  expect(failure('{"a":', { maxDepth: 5 })).toBeInstanceOf(SyntaxError)
})
