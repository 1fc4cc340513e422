/**
 * @module
 * References between subrequests: `@{refId.field}`, `@{refId.records[0].Id}`,
 * `@{refId.BillingAddress.city}` in a later subrequest's URL or body. Finding them (validate
 * stage: each must name an earlier subrequest) and resolving them against earlier responses
 * (execute stage). Paths are case-sensitive, as in the real API. A string that is only one
 * reference takes the referenced value with its JSON type; a reference inside a longer string is
 * written into it as text.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_composite_post.htm
 */
import { ReplicaError } from '../errors.js'

export type Scalar = string | number | boolean

export interface Reference {
  /** As written between the braces: `refAccount.records[0].Id`. */
  expression: string
  referenceId: string
  /** Object keys and array indexes after the reference id. */
  path: ReadonlyArray<string | number>
}

/** The value a reference names, or undefined when there is none. */
export type Lookup = (reference: Reference) => Scalar | undefined

const PLACEHOLDER = /@\{([^{}]*)\}/g
const EXPRESSION = /^([A-Za-z0-9][A-Za-z0-9_]*)((?:\.[^.[\]]+|\[\d+\])+)$/
const SEGMENT = /\.([^.[\]]+)|\[(\d+)\]/g

/** A reference whose value the earlier response does not have (or that one failed). */
export class UnresolvedReferenceError extends ReplicaError {
  override name = 'UnresolvedReferenceError'
  constructor(reference: Reference) {
    super(
      'PROCESSING_HALTED',
      `Invalid reference specified. No value for ${reference.expression} found in ${reference.referenceId}`,
    )
  }
}

/** References that would write more than `limit` characters into one subrequest. */
export class ExpansionTooLargeError extends ReplicaError {
  override name = 'ExpansionTooLargeError'
  constructor(limit: number) {
    super(
      'INVALID_INPUT',
      `The references of this subrequest expand to more than ${limit} characters, the limit of one subrequest`,
    )
  }
}

/** More references in one request than `limit`: refused before anything runs. */
export class TooManyReferencesError extends ReplicaError {
  override name = 'TooManyReferencesError'
  constructor(limit: number) {
    super(
      'LIMIT_EXCEEDED',
      `Failed to run the request: it holds more than ${limit} references (@{referenceId.field}); the limit is ${limit}`,
    )
  }
}

/** The references one request may still hold: `take()` refuses the one past the limit. */
export class ReferenceBudget {
  #left: number
  constructor(readonly limit: number) {
    this.#left = limit
  }

  take(): void {
    this.#left -= 1
    if (this.#left < 0) throw new TooManyReferencesError(this.limit)
  }
}

/** `lookup`, refusing once the values it gave add up to more than `limit` characters. */
export function boundedLookup(lookup: Lookup, limit: number): Lookup {
  let left = limit
  return (reference) => {
    const value = lookup(reference)
    // counted before the value is written, so an expansion stops at the limit, never past it
    if (value !== undefined) left -= String(value).length
    if (left < 0) throw new ExpansionTooLargeError(limit)
    return value
  }
}

/**
 * The references in one string, added to `out`; a placeholder that is not `refId.path` is
 * INVALID_INPUT. Each is taken from `budget` before it is parsed, so a string of 100,000s stops
 * at the budget's limit.
 */
export function referencesInText(text: string, budget: ReferenceBudget, out: Reference[] = []): Reference[] {
  if (!text.includes('@{')) return out
  for (const match of text.matchAll(PLACEHOLDER)) {
    budget.take()
    out.push(parseExpression(match[1]!))
  }
  return out
}

/** Every reference in a JSON value (in strings, at any depth; keys are never references), added to `out`. */
export function referencesIn(value: unknown, budget: ReferenceBudget, out: Reference[] = []): Reference[] {
  if (typeof value === 'string') referencesInText(value, budget, out)
  else if (Array.isArray(value)) for (const item of value) referencesIn(item, budget, out)
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) referencesIn(item, budget, out)
  return out
}

/** `text` with each reference replaced; a string that is one reference takes the value's type. */
export function resolveText(text: string, lookup: Lookup): Scalar {
  if (!text.includes('@{')) return text
  const whole = /^@\{([^{}]*)\}$/.exec(text)
  if (whole) return required(parseExpression(whole[1]!), lookup)
  return text.replace(PLACEHOLDER, (_, expression: string) =>
    String(required(parseExpression(expression), lookup)),
  )
}

/** A copy of a JSON value with every reference in its strings resolved. */
export function resolveValue(value: unknown, lookup: Lookup): unknown {
  if (typeof value === 'string') return resolveText(value, lookup)
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, lookup))
  if (typeof value === 'object' && value !== null) {
    // null-prototype: a `__proto__` key of the body stays a key, never the copy's prototype
    const out: Record<string, unknown> = Object.create(null)
    for (const [key, item] of Object.entries(value)) out[key] = resolveValue(item, lookup)
    return out
  }
  return value
}

/** The scalar at `path` in a response body; null, objects, arrays and missing keys have no value. */
export function valueAt(body: unknown, path: ReadonlyArray<string | number>): Scalar | undefined {
  let at: unknown = body
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(at) || step >= at.length) return undefined
      at = at[step]
    } else {
      if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, step))
        return undefined
      at = (at as Record<string, unknown>)[step]
    }
  }
  return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean' ? at : undefined
}

function required(reference: Reference, lookup: Lookup): Scalar {
  const value = lookup(reference)
  if (value === undefined) throw new UnresolvedReferenceError(reference)
  return value
}

function parseExpression(expression: string): Reference {
  const match = EXPRESSION.exec(expression)
  if (!match) {
    throw new ReplicaError(
      'INVALID_INPUT',
      `Failed to read the reference @{${expression}}: write it @{referenceId.field}, with .name and [index] steps (a referenceId starts with a letter or digit and holds only letters, digits and underscores)`,
    )
  }
  const path: Array<string | number> = []
  for (const step of match[2]!.matchAll(SEGMENT)) path.push(step[1] ?? Number(step[2]))
  return { expression, referenceId: match[1]!, path }
}
