/**
 * @module schemas/data-record
 * A JSON object whose keys are the user's data (labels, app settings, audit data): every string
 * key is kept as an own key, `__proto__`, `constructor` and `toString` included, and none of them
 * can reach a prototype.
 *
 * @note Why not `z.record` alone: zod (4.6) skips a `__proto__` key without a word, so a label
 * the client sent would vanish. `JSON.parse` keeps `"__proto__"` as an own key; here it is renamed
 * (a reversible escape: one more leading NUL) before `z.record` validates the object, and renamed
 * back into a null-prototype object after. Keys and values are validated as `z.record` does, and
 * the JSON Schema is `z.record`'s.
 */
import * as z from 'zod'

/** Keys renamed for `z.record`: `__proto__` and any key that is NULs then `__proto__`. */
const ESCAPED = /^\0*__proto__$/

/** The key a renamed key (`\0__proto__`) stands for, as error paths should name it. */
export function dataKey(key: string): string {
  return ESCAPED.test(key) && key.startsWith('\0') ? key.slice(1) : key
}

function escapeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const escaped: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(value)) {
    escaped[ESCAPED.test(key) ? `\0${key}` : key] = (value as Record<string, unknown>)[key]
  }
  return escaped
}

function unescapeKeys<T>(record: Record<string, T>): Record<string, T> {
  const data: Record<string, T> = Object.create(null)
  for (const key of Object.keys(record)) data[dataKey(key)] = record[key]!
  return data
}

/**
 * `z.record(key, value)` that keeps every key as data (see the module note); the output is a
 * null-prototype object.
 */
export function dataRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) {
  return z.preprocess<unknown, z.ZodRecord<K, V>, Record<z.input<K>, z.input<V>>>(
    escapeKeys,
    z.record(key, value).overwrite((record) => unescapeKeys(record) as typeof record),
  )
}
