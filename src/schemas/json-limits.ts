/**
 * @module
 * JSON request bodies within limits: nesting depth (checked on the text, before parsing) and the
 * number of values. Each surface turns a `JsonLimitError` into its own error format.
 * `JSON.parse` keeps a `"__proto__"` key as an own key; user maps keep it as data
 * (`data-record.ts`).
 *
 * @note Why: a body nested ~2,000 levels deep was stored, and every later `structuredClone` or
 * `JSON.stringify` of it (listing, state export, reset) overflowed the stack: 500s until a restart.
 * `JSON.parse` itself does not recurse, but takes ~2 us per level, so depth is checked on the text
 * first.
 */

export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the body itself is level 1). */
  maxDepth: number
  /** Most values (objects, arrays and scalars) in the body. @default unbounded */
  maxValues?: number
}

/** A body over a limit; `path` says where (`apps.0.settings`, or `(root)`). */
export class JsonLimitError extends Error {
  override name = 'JsonLimitError'
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message)
  }
}

/**
 * `text` parsed as JSON within `limits`. Throws `JsonLimitError` over a limit (before parsing, for
 * depth), and `SyntaxError` for text that is not JSON.
 */
export function parseLimitedJson(text: string, limits: JsonLimits): unknown {
  const tooDeepAt = depthExceededAt(text, limits.maxDepth)
  if (tooDeepAt >= 0) {
    throw new JsonLimitError(
      `it is nested more than ${limits.maxDepth} levels deep (at character ${tooDeepAt + 1})`,
      '(root)',
    )
  }
  const value: unknown = JSON.parse(text)
  // a walk of every value, for limits the caller set (native bodies set only the depth)
  if (limits.maxValues !== undefined) checkValueCount(value, limits.maxValues)
  return value
}

/** Offset of the first `{`/`[` past `maxDepth` (outside strings), or -1. */
function depthExceededAt(text: string, maxDepth: number): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return i
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return -1
}

/** Counts values, without recursion. */
function checkValueCount(root: unknown, maxValues: number): void {
  const stack: unknown[] = [root]
  let count = 0
  while (stack.length > 0) {
    const value = stack.pop()
    if (++count > maxValues) throw new JsonLimitError(`it holds more than ${maxValues} values`, '(root)')
    if (value === null || typeof value !== 'object') continue
    // one push per item: spreading a long array into push() would overflow the stack
    if (Array.isArray(value)) for (const item of value) stack.push(item)
    else for (const key of Object.keys(value)) stack.push((value as Record<string, unknown>)[key])
  }
}
