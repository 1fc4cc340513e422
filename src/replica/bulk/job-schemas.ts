/**
 * @module
 * The request shapes of Bulk API 2.0 (zod): job creation bodies, the state change of a job, the
 * job list's parameters and the query results' parameters. Unknown keys are refused (the real
 * API refuses an unknown property of a job, and the replica never ignores one silently).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/create_job.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/query_create_job.htm
 */
import * as z from 'zod'

export const IngestOperation = z.enum(['insert', 'update', 'upsert', 'delete', 'hardDelete'])
export type IngestOperation = z.infer<typeof IngestOperation>

export const QueryOperation = z.enum(['query', 'queryAll'])
export type QueryOperation = z.infer<typeof QueryOperation>

/** @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/bulk_api_2_0_column_delimiter.htm */
export const ColumnDelimiter = z.enum(['BACKQUOTE', 'CARET', 'COMMA', 'PIPE', 'SEMICOLON', 'TAB'])
export type ColumnDelimiter = z.infer<typeof ColumnDelimiter>

export const LineEnding = z.enum(['LF', 'CRLF'])
export type LineEnding = z.infer<typeof LineEnding>

/** The CSV dialect of a job: its data and its results use it. */
const Dialect = {
  contentType: z.literal('CSV').default('CSV'),
  columnDelimiter: ColumnDelimiter.default('COMMA'),
  lineEnding: LineEnding.default('LF'),
}

/** `POST /jobs/ingest` (JSON, or the `job` part of a multipart request). */
export const CreateIngestJobBody = z.strictObject({
  object: z.string().min(1).max(255),
  operation: IngestOperation,
  externalIdFieldName: z.string().min(1).max(255).optional(),
  /** Accepted (Case and Lead assignment rules): the replica has no assignment rules to run. */
  assignmentRuleId: z.string().min(1).max(18).optional(),
  ...Dialect,
})
export type CreateIngestJobBody = z.infer<typeof CreateIngestJobBody>

/** `POST /jobs/query`. */
export const CreateQueryJobBody = z.strictObject({
  operation: QueryOperation,
  query: z.string().min(1).max(100_000),
  ...Dialect,
})
export type CreateQueryJobBody = z.infer<typeof CreateQueryJobBody>

/** `PATCH /jobs/{ingest|query}/{id}`: the only states a client may set. */
export const JobStateChange = z.strictObject({
  state: z.enum(['UploadComplete', 'Aborted']),
})
export type JobStateChange = z.infer<typeof JobStateChange>

/** `GET /jobs/{ingest|query}` parameters. */
export const JobListQuery = z.strictObject({
  isPkChunkingEnabled: z.enum(['true', 'false']).optional(),
  jobType: z.enum(['BigObjectIngest', 'Classic', 'V2Ingest', 'V2Query']).optional(),
  concurrencyMode: z
    .string()
    .regex(/^(parallel|serial)$/i, 'Expected "parallel" or "serial"')
    .optional(),
  queryLocator: z.string().min(1).max(64).optional(),
})
export type JobListQuery = z.infer<typeof JobListQuery>

/** `GET /jobs/query/{id}/results` parameters. */
export const ResultsQuery = z.strictObject({
  locator: z.string().min(1).max(64).optional(),
  maxRecords: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'Expected a whole number from 1 to 999999999')
    .transform(Number)
    .optional(),
})
export type ResultsQuery = z.infer<typeof ResultsQuery>
