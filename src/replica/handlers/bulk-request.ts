/**
 * @module
 * Reading Bulk API 2.0 requests: a JSON job body checked by its zod schema (an unknown property is
 * `JSON_PARSER_ERROR` as in the real API, anything else `INVALIDJOB`), query parameters checked
 * the same way (a repeated or unknown one is refused), the multipart form of job creation (a
 * `job` part and a `content` part of at most 100,000 characters), and the `text/csv` upload.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/create_job.htm
 */
import type * as z from 'zod'
import { describeIssues } from '../../schemas/describe-issues.js'
import { invalidJob } from '../bulk/create-job.js'
import { invalidBatch } from '../bulk/header-columns.js'
import { DEFAULT_MAX_UPLOAD_BYTES, inflateGzipUpload } from '../bulk/inflate-upload.js'
import { ReplicaError } from '../errors.js'
import type { NativeContext } from './native-env.js'
import { readJsonBody } from './read-json-body.js'

/** Largest CSV data of a multipart job creation (larger data goes through `PUT .../batches`). */
export const MAX_MULTIPART_CONTENT_CHARS = 100_000

/** The body checked against `schema`. */
export function readJobBody<S extends z.ZodType>(c: NativeContext, schema: S): z.output<S> {
  return parseJob(schema, readJsonBody(c))
}

export function parseJob<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const unknown = result.error.issues.find((issue) => issue.code === 'unrecognized_keys')
  if (unknown && unknown.code === 'unrecognized_keys') {
    throw new ReplicaError('JSON_PARSER_ERROR', `Unrecognized field "${unknown.keys[0]}"`)
  }
  throw invalidJob(describeIssues(result.error.issues, 3))
}

/** The query parameters checked against `schema`; one value per name. */
export function readParams<S extends z.ZodType>(c: NativeContext, schema: S): z.output<S> {
  const params: Record<string, string> = {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw badParameter(`${name} is given ${values.length} times`)
    params[name] = values[0]!
  }
  const result = schema.safeParse(params)
  if (!result.success) throw badParameter(describeIssues(result.error.issues, 3))
  return result.data
}

function badParameter(detail: string): ReplicaError {
  return new ReplicaError('API_ERROR', `Failed to read the query parameters: ${detail}`)
}

export function isMultipart(c: NativeContext): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/')
}

/** The `job` JSON and the `content` CSV of a multipart job creation. */
export async function readMultipartJob(c: NativeContext): Promise<{ job: unknown; content: string }> {
  let form: FormData
  try {
    // a Response of the read bytes is the platform's multipart reader
    const type = c.req.header('content-type') ?? ''
    form = await new Response(c.get('native').body, { headers: { 'content-type': type } }).formData()
  } catch (error) {
    throw invalidJob(`Failed to read the multipart body: ${(error as Error).message}`)
  }
  const names = [...new Set(form.keys())]
  const extra = names.filter((name) => name !== 'job' && name !== 'content')
  if (extra.length > 0)
    throw invalidJob(`Unexpected multipart part(s): ${extra.join(', ')} (send "job" and "content")`)
  const repeated = names.filter((name) => form.getAll(name).length > 1)
  if (repeated.length > 0)
    throw invalidJob(`The multipart body repeats the part(s) ${repeated.join(', ')}: send each once`)
  const jobPart = form.get('job')
  const contentPart = form.get('content')
  if (jobPart === null) throw invalidJob('The multipart body has no "job" part')
  if (contentPart === null) throw invalidBatch('The multipart body has no "content" part with the CSV data')
  const jobText = typeof jobPart === 'string' ? jobPart : await jobPart.text()
  const content = typeof contentPart === 'string' ? contentPart : await contentPart.text()
  if (content.length > MAX_MULTIPART_CONTENT_CHARS) {
    throw invalidBatch(
      `The CSV data of a multipart request is ${content.length} characters; at most ${MAX_MULTIPART_CONTENT_CHARS} are accepted (upload larger data with PUT .../batches)`,
    )
  }
  let job: unknown
  try {
    job = JSON.parse(jobText)
  } catch (error) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      `Failed to parse the "job" part as JSON: ${(error as SyntaxError).message}`,
    )
  }
  return { job, content }
}

/**
 * The upload's CSV bytes: the body as sent, or inflated when it is `Content-Encoding: gzip` (the
 * real API takes compressed uploads); any other encoding is refused, never read as CSV.
 */
export function uploadBody(c: NativeContext): ReadableStream<Uint8Array> | null {
  const bytes = c.get('native').body
  // the bytes the gateway read, as one chunk: an upload may be 150 MiB, so it is not copied
  const body =
    bytes.byteLength === 0
      ? null
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes)
            controller.close()
          },
        })
  const encoding = (c.req.header('content-encoding') ?? 'identity').trim().toLowerCase()
  if (encoding === 'identity' || encoding === '') return body
  if (encoding === 'gzip' && body)
    return inflateGzipUpload(body, c.get('options').maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES)
  throw new ReplicaError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Failed to read the job data: Content-Encoding ${encoding} is not supported (send it plain or gzip)`,
  )
}

/** Refuses an upload that is not `text/csv`. */
export function requireCsv(c: NativeContext): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'text/csv') {
    throw new ReplicaError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Failed to read the job data: Content-Type must be text/csv, got ${type === '' ? 'none' : type}`,
    )
  }
}
