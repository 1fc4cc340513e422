/**
 * @module
 * JSON request bodies within limits: nesting depth (checked on the text, before parsing), the
 * number of values, and keys that must never reach an object (`__proto__`). Each surface turns a
 * `JsonLimitError` into its own error format.
 *
 * @note Why: a body nested ~2,000 levels deep was stored, and every later `structuredClone` or
 * `JSON.stringify` of it (listing, state export, reset) overflowed the stack: 500s until a restart.
 * `JSON.parse` itself does not recurse, but takes ~2 us per level, so depth is checked on the text
 * first. `JSON.parse` keeps `"__proto__"` as an own key, and the next copy of the object by
 * assignment turns it into the prototype: the key vanished silently (or, as an object, became
 * inherited values).
 */

export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the body itself is level 1). */
  maxDepth: number
  /** Most values (objects, arrays and scalars) in the body. @default unbounded */
  maxValues?: number
  /** Keys refused at any depth. @default none */
  forbiddenKeys?: ReadonlySet<string>
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

/** Keys no body may hold anywhere (see the module note). */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__'])

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
  if (limits.maxValues !== undefined || limits.forbiddenKeys !== undefined) checkValues(value, limits)
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

interface Visit {
  value: unknown
  key: string
  parent: Visit | undefined
}

/** Counts values and looks for forbidden keys, without recursion (paths are built only for an error). */
function checkValues(root: unknown, limits: JsonLimits): void {
  const { maxValues = Number.POSITIVE_INFINITY, forbiddenKeys } = limits
  const stack: Visit[] = [{ value: root, key: '', parent: undefined }]
  let count = 0
  while (stack.length > 0) {
    const visit = stack.pop()!
    const { value } = visit
    if (++count > maxValues) throw new JsonLimitError(`it holds more than ${maxValues} values`, '(root)')
    if (value === null || typeof value !== 'object') continue
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: visit })
      continue
    }
    for (const key of Object.keys(value)) {
      const child = { value: (value as Record<string, unknown>)[key], key, parent: visit }
      if (forbiddenKeys?.has(key)) throw new JsonLimitError(`the key "${key}" is not allowed`, pathOf(child))
      stack.push(child)
    }
  }
}

function pathOf(visit: Visit): string {
  const keys: string[] = []
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key)
  return keys.reverse().join('.') || '(root)'
}
