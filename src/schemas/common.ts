/**
 * @module schemas/common
 * Shared scalars, list envelope and query-string helpers of the management API.
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { dataRecord } from './data-record.js'

/** `ID` of the spec: 1..128 chars, starting with a letter or digit. */
export const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/)
export type Id = z.infer<typeof Id>

/** `APP_ID` of the spec: catalog app id, 2..40 chars. */
export const AppId = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/)
export type AppId = z.infer<typeof AppId>

/** `APP_NAME` of the spec: an app's name inside one environment, 1..40 chars. */
export const AppName = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/)
export type AppName = z.infer<typeof AppName>

/** `ts` of the spec: ISO 8601 date-time with `Z` or a numeric offset, any sub-second precision. */
export const Timestamp = z.iso.datetime({ offset: true })
export type Timestamp = z.infer<typeof Timestamp>

export const PrincipalType = z.enum(['member', 'api_key', 'system'])
export type PrincipalType = z.infer<typeof PrincipalType>

export const Principal = z.strictObject({
  type: PrincipalType,
  id: z.string().nullable(),
  name: z.string().nullable(),
})
export type Principal = z.infer<typeof Principal>

/** A "free-form object" of the spec (settings, audit data): any JSON object, every key data. */
export const FreeFormObject = dataRecord(z.string(), z.unknown())
export type FreeFormObject = z.infer<typeof FreeFormObject>

/** An "object of strings" of the spec (headers, login parameters), every key data. */
export const StringRecord = dataRecord(z.string(), z.string())
export type StringRecord = z.infer<typeof StringRecord>

/** Environment labels: string values, each at most 256 chars; any string is a key (`__proto__` too). */
export const Labels = dataRecord(z.string(), z.string().max(256))
export type Labels = z.infer<typeof Labels>

/** Most labels on one environment (the spec does not say; a bound keeps every list cheap). */
export const MAX_LABELS = 64

/** Labels as a request gives them: as `Labels`, at most `MAX_LABELS` keys. */
export const LabelsInput = Labels.refine(
  (labels) => Object.keys(labels).length <= MAX_LABELS,
  `Expected at most ${MAX_LABELS} labels`,
)

/** App settings as a request gives them: any JSON object. */
export const SettingsInput = FreeFormObject

/** Environment and snapshot name: 1..120 chars, or null. */
export const ResourceName = z.string().min(1).max(120).nullable()
export type ResourceName = z.infer<typeof ResourceName>

/** `idempotency-key` header: 8..128 chars of letters, digits, `.`, `_`, `:`, `-`. */
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/)
export type IdempotencyKey = z.infer<typeof IdempotencyKey>

/** Opaque list cursor, at most 2048 chars. */
export const Cursor = z.string().max(2048)
export type Cursor = z.infer<typeof Cursor>

/**
 * The list envelope `{data, nextCursor}` every list operation answers with.
 * @example const EnvironmentList = listOf(Environment)
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    data: z.array(item),
    nextCursor: z.string().nullable(),
  })
}

const INTEGER_TEXT = /^[+-]?\d+$/

/**
 * An integer query parameter in `min..max`. Takes the query-string text (or a number, for callers
 * that already hold one); `abc`, `1.5`, `1e2`, an empty value or a repeated parameter are rejected.
 */
export function queryInt(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(INTEGER_TEXT, 'Expected an integer').transform(Number)])
    .pipe(z.int().min(min).max(max))
}

/** A boolean query parameter: only the texts `true` and `false` (or a boolean) are accepted. */
export function queryBoolean() {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
}

/**
 * An array query parameter given repeated (`status=a&status=b`, an array of strings) or
 * comma-separated (`status=a,b`, one string), or both at once. Every value is split on
 * `separator`, then each item is validated and at most `max` items are allowed.
 * @note Empty items (`status=`, `a,,b`) are kept, so they fail item validation rather than
 * silently widening a filter.
 */
export function queryArray<T extends z.ZodType>(item: T, max: number, separator: string | RegExp = ',') {
  return z.preprocess((value) => {
    const values = typeof value === 'string' ? [value] : value
    if (!Array.isArray(values)) return values
    return values.flatMap((entry: unknown) => (typeof entry === 'string' ? entry.split(separator) : [entry]))
  }, z.array(item).max(max))
}

/** `limit` and `cursor` of every list operation. Unknown query parameters are ignored. */
export const PageQuery = z.object({
  limit: queryInt(1, 100).default(50),
  cursor: Cursor.optional(),
})
export type PageQuery = z.infer<typeof PageQuery>
