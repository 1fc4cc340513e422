/**
 * The shape comparer of the recordings test (test/recordings): a real answer and the replica's
 * answer to the same request compared by shape, not by value (docs/testing.md#recorded-answers).
 *
 * - Every key the recording has, the replica's answer has, with a value of the same JSON type.
 * - `null` on either side matches anything (an org without a value for it).
 * - Error codes and statuses inside a body (`errorCode`, `statusCode`, `httpStatusCode`) are
 *   compared by value: they are what a client branches on.
 * - A key only the replica has fails, unless the recording says it is trimmed there (`open`) or
 *   the describe key table says the key exists at the request's API version (`versionedKey`).
 * - Arrays: items are compared with the recorded item at the same place, items past the
 *   recording's end with its last one; an empty recorded array matches any array. A recorded
 *   array that has items while the replica's has none fails. A keyed array (`keyedArrays`) is
 *   a set: each recorded item must be in the replica's (found by its key) and match it, and an
 *   item only the replica has is compared with the first recorded one.
 *
 * Paths name places generically for the rules (`$.fields[]`, `$.urls`); differences name them
 * with the item (`$.fields[Name].label`).
 */

export interface ShapeRules {
  /** Generic path of an array -> the key its items are found by (`{ '$.fields': 'name' }`). */
  keyedArrays?: Readonly<Record<string, string>>
  /** Generic paths of objects the recording shows only some keys of -> why. */
  open?: Readonly<Record<string, string>>
  /** True when a key only the replica has exists there at the request's version. */
  versionedKey?: (path: string, key: string) => boolean
}

export interface Difference {
  path: string
  problem: string
}

/** Keys whose values are compared, not only their types. */
const BY_VALUE = new Set(['errorCode', 'statusCode', 'httpStatusCode'])

type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'undefined'

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined') return type
  return 'object'
}

export function compareShape(recorded: unknown, actual: unknown, rules: ShapeRules = {}): Difference[] {
  const differences: Difference[] = []
  compareValue(recorded, actual, '$', '$', rules, differences)
  return differences
}

function compareValue(
  recorded: unknown,
  actual: unknown,
  rulePath: string,
  shownPath: string,
  rules: ShapeRules,
  out: Difference[],
): void {
  if (recorded === null || actual === null) return
  const expected = jsonType(recorded)
  const got = jsonType(actual)
  if (expected !== got) {
    out.push({ path: shownPath, problem: `expected ${expected}, got ${got}` })
    return
  }
  if (expected === 'array') {
    compareArray(recorded as unknown[], actual as unknown[], rulePath, shownPath, rules, out)
  } else if (expected === 'object') {
    compareObject(
      recorded as Record<string, unknown>,
      actual as Record<string, unknown>,
      rulePath,
      shownPath,
      rules,
      out,
    )
  }
}

function compareObject(
  recorded: Record<string, unknown>,
  actual: Record<string, unknown>,
  rulePath: string,
  shownPath: string,
  rules: ShapeRules,
  out: Difference[],
): void {
  for (const [key, value] of Object.entries(recorded)) {
    if (!Object.hasOwn(actual, key)) {
      out.push({ path: `${shownPath}.${key}`, problem: 'missing (the recording has it)' })
      continue
    }
    if (BY_VALUE.has(key) && value !== null && actual[key] !== value) {
      out.push({
        path: `${shownPath}.${key}`,
        problem: `expected ${JSON.stringify(value)}, got ${JSON.stringify(actual[key])}`,
      })
      continue
    }
    compareValue(value, actual[key], `${rulePath}.${key}`, `${shownPath}.${key}`, rules, out)
  }
  if (rules.open?.[rulePath] !== undefined) return
  for (const key of Object.keys(actual)) {
    if (Object.hasOwn(recorded, key)) continue
    if (rules.versionedKey?.(rulePath, key)) continue
    out.push({ path: `${shownPath}.${key}`, problem: 'extra (the recording does not have it)' })
  }
}

function compareArray(
  recorded: unknown[],
  actual: unknown[],
  rulePath: string,
  shownPath: string,
  rules: ShapeRules,
  out: Difference[],
): void {
  if (recorded.length === 0) return
  if (actual.length === 0) {
    out.push({ path: shownPath, problem: `empty (the recording has ${recorded.length} items)` })
    return
  }
  const itemPath = `${rulePath}[]`
  const key = rules.keyedArrays?.[rulePath]
  if (key === undefined) {
    actual.forEach((item, i) => {
      const match = recorded[Math.min(i, recorded.length - 1)]
      compareValue(match, item, itemPath, `${shownPath}[${i}]`, rules, out)
    })
    return
  }
  const keyOf = (item: unknown) => (item as Record<string, unknown> | null)?.[key]
  const byKey = new Map(actual.map((item) => [keyOf(item), item]))
  const recordedKeys = new Set(recorded.map(keyOf))
  for (const item of recorded) {
    const name = String(keyOf(item))
    const match = byKey.get(keyOf(item))
    if (match === undefined) {
      out.push({ path: `${shownPath}[${name}]`, problem: 'missing item (the recording has it)' })
      continue
    }
    compareValue(item, match, itemPath, `${shownPath}[${name}]`, rules, out)
  }
  for (const item of actual) {
    if (recordedKeys.has(keyOf(item))) continue
    compareValue(recorded[0], item, itemPath, `${shownPath}[${String(keyOf(item))}]`, rules, out)
  }
}
