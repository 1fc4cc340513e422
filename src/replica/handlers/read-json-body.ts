/**
 * @module
 * The JSON body of a native write. The real API also takes XML; the replica does not, and says
 * so instead of misreading it. Malformed or missing JSON is `JSON_PARSER_ERROR`.
 */
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import type { NativeContext } from './native-env.js'

export async function readJsonBody(c: NativeContext): Promise<unknown> {
  // a composite subrequest's body comes parsed (subrequest-dispatch.ts)
  if (c.env.body !== undefined) return c.env.body
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type.includes('xml')) throw new UnsupportedFeatureError('An XML request body')
  if (type.startsWith('multipart/'))
    throw new UnsupportedFeatureError('A multipart request body (blob fields)')
  const text = await c.req.text()
  if (text.trim() === '') {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      'No content to map due to end-of-input: the request needs a JSON body',
    )
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      `Failed to parse the request body as JSON: ${(error as SyntaxError).message}`,
    )
  }
}
