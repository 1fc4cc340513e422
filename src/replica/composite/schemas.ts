/**
 * @module
 * The request bodies of the composite family (parse stage): their shapes as zod schemas, and
 * `parseBody`, which turns a shape error into `JSON_PARSER_ERROR` (400) as the real API's
 * deserialiser does. Unknown keys are refused, not ignored. Records (collections, tree) stay
 * plain objects here: their fields are the record service's business.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/requests_composite.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/requests_composite_batch.htm
 */
import * as z from 'zod'
import { describeIssues } from '../../schemas/describe-issues.js'
import { ReplicaError } from '../errors.js'

/** Case-sensitive, as the real API reads them. */
export const SubrequestMethod = z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])
export type SubrequestMethod = z.infer<typeof SubrequestMethod>

/** A JSON object taken as it is (no copy: records go on to the record service unchanged). */
export const JsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'Invalid input: expected a JSON object' },
)

export const CompositeSubrequest = z.strictObject({
  method: SubrequestMethod,
  url: z.string().min(1),
  referenceId: z.string(),
  body: z.unknown().optional(),
  httpHeaders: z.record(z.string(), z.string()).optional(),
})
export type CompositeSubrequest = z.infer<typeof CompositeSubrequest>

export const CompositeRequest = z.strictObject({
  allOrNone: z.boolean().optional(),
  /** The replica runs subrequests in order, which a collated run may also do. */
  collateSubrequests: z.boolean().optional(),
  compositeRequest: z.array(CompositeSubrequest).min(1),
})
export type CompositeRequest = z.infer<typeof CompositeRequest>

export const BatchSubrequest = z.strictObject({
  method: SubrequestMethod,
  url: z.string().min(1),
  richInput: z.unknown().optional(),
  binaryPartName: z.string().optional(),
  binaryPartNameAlias: z.string().optional(),
})
export type BatchSubrequest = z.infer<typeof BatchSubrequest>

export const BatchRequest = z.strictObject({
  batchRequests: z.array(BatchSubrequest).min(1),
  haltOnError: z.boolean().optional(),
})
export type BatchRequest = z.infer<typeof BatchRequest>

export const GraphRequest = z.strictObject({
  graphs: z
    .array(z.strictObject({ graphId: z.string(), compositeRequest: z.array(CompositeSubrequest).min(1) }))
    .min(1),
})
export type GraphRequest = z.infer<typeof GraphRequest>

export const TreeRequest = z.strictObject({ records: z.array(JsonObject).min(1) })
export type TreeRequest = z.infer<typeof TreeRequest>

/** Create, update and upsert: `{ allOrNone, records: [{ attributes: { type }, ...fields }] }`. */
export const CollectionsWrite = z.strictObject({
  allOrNone: z.boolean().optional(),
  records: z.array(JsonObject),
})
export type CollectionsWrite = z.infer<typeof CollectionsWrite>

/** The POST form of a retrieve, for id lists too long for a URL. */
export const CollectionsRetrieve = z.strictObject({
  ids: z.array(z.string()),
  fields: z.array(z.string()),
})
export type CollectionsRetrieve = z.infer<typeof CollectionsRetrieve>

/**
 * `body[key]` if the body is an object holding an array there, else an empty array. The family's
 * count limits are checked on it before the body's shape, so a body of tens of thousands of
 * items (the gateway lets 4 MiB through) is refused without validating each one.
 */
export function itemsAt(body: unknown, key: string): readonly unknown[] {
  const items = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined
  return Array.isArray(items) ? items : []
}

/** `schema.parse(body)`, or 400 `JSON_PARSER_ERROR` naming each problem and where it is. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  throw new ReplicaError(
    'JSON_PARSER_ERROR',
    `Failed to read the ${what}: ${describeIssues(parsed.error.issues, 5)}`,
  )
}
