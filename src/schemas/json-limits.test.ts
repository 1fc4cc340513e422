import { expect, it } from 'vitest'
import { JsonLimitError, parseLimitedJson } from './json-limits.js'

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

it('throws SyntaxError for text that is not JSON', () => {
  expect(failure('{"a":', { maxDepth: 5 })).toBeInstanceOf(SyntaxError)
})
