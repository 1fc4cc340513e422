/**
 * @module
 * The request body the gateway read (`c.get('native').body`), as text, and the JSON body of a
 * native write. The real API also takes XML; the replica does not, and says
 * so instead of misreading it. Malformed or missing JSON, or JSON nested deeper than
 * `NATIVE_JSON_LIMITS` allows, is `JSON_PARSER_ERROR` (the gateway caps the size: 4 MiB).
 */
import { type JsonLimits, JsonLimitError, parseLimitedJson } from '../../schemas/json-limits.js'
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import type { NativeContext } from './native-env.js'

/**
 * Deepest native body: composite graphs and sObject trees nest records a few levels down; 64
 * leaves room for any real one while nothing downstream can overflow the stack.
 */
export const NATIVE_JSON_LIMITS: JsonLimits = { maxDepth: 64 }

const utf8 = new TextDecoder()

/** The request body as UTF-8 text (empty without one). */
export function bodyText(c: NativeContext): string {
  return utf8.decode(c.get('native').body)
}

export function readJsonBody(c: NativeContext): unknown {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type.includes('xml')) throw new UnsupportedFeatureError('An XML request body')
  if (type.startsWith('multipart/'))
    throw new UnsupportedFeatureError('A multipart request body (blob fields)')
  const text = bodyText(c)
  if (text.trim() === '') {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      'No content to map due to end-of-input: the request needs a JSON body',
    )
  }
  try {
    return parseLimitedJson(text, NATIVE_JSON_LIMITS)
  } catch (error) {
    if (error instanceof JsonLimitError) {
      throw new ReplicaError(
        'JSON_PARSER_ERROR',
        `Failed to parse the request body as JSON: ${error.message}`,
      )
    }
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      `Failed to parse the request body as JSON: ${(error as SyntaxError).message}`,
    )
  }
}
