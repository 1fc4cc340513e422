/**
 * Bulk API 2.0 calls for conformance tests, over an app connection (test/support/native.ts): the
 * steps of an ingest job, a query job, and the CSV results read back as rows.
 */
import { gzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { expect } from 'vitest'
import type { ApiResponse } from './client.js'
import { type AppConnection, V } from './native.js'

export const INGEST = `${V}/jobs/ingest`
export const QUERY = `${V}/jobs/query`

/** `POST .../jobs/ingest` (200) -> the job. */
export async function createIngestJob(app: AppConnection, body: Record<string, unknown>, base = INGEST) {
  const response = await app.post(base, { json: { contentType: 'CSV', ...body } })
  expect(response.status, response.text).toBe(200)
  return response.body as Record<string, any>
}

/** `PUT .../batches` with `csv` as `text/csv`. */
export function uploadCsv(app: AppConnection, jobId: string, csv: string, base = INGEST) {
  return app.request('PUT', `${base}/${jobId}/batches`, {
    body: csv,
    headers: { 'content-type': 'text/csv' },
  })
}

/** `PUT .../batches` of `csv` gzip-compressed (`Content-Encoding: gzip`). */
export function uploadGzipCsv(app: AppConnection, jobId: string, csv: string) {
  return app.request('PUT', `${INGEST}/${jobId}/batches`, {
    body: new Uint8Array(gzipSync(csv)),
    headers: { 'content-type': 'text/csv', 'content-encoding': 'gzip' },
  })
}

/** `PATCH .../jobs/{ingest|query}/{id}` with a state. */
export function setState(app: AppConnection, jobId: string, state: string, base = INGEST) {
  return app.patch(`${base}/${jobId}`, { json: { state } })
}

export async function jobInfo(app: AppConnection, jobId: string, base = INGEST) {
  const response = await app.get(`${base}/${jobId}`)
  expect(response.status, response.text).toBe(200)
  return response.body as Record<string, any>
}

/** Create, upload, close: the job as its first status read shows it (complete with `bulkMs` 0). */
export async function runIngest(
  app: AppConnection,
  body: Record<string, unknown>,
  csv: string,
  base = INGEST,
): Promise<Record<string, any>> {
  const job = await createIngestJob(app, body, base)
  const upload = await uploadCsv(app, job.id, csv, base)
  expect(upload.status, upload.text).toBe(201)
  const closed = await setState(app, job.id, 'UploadComplete', base)
  expect(closed.status, closed.text).toBe(200)
  return jobInfo(app, job.id, base)
}

/** A result file's text. */
export async function resultText(app: AppConnection, jobId: string, kind: string, base = INGEST) {
  const response = await app.get(`${base}/${jobId}/${kind}`)
  expect(response.status, response.text).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
  return response.text
}

/** A CSV text as rows of cells (the header row first). */
export function csvRows(text: string, delimiter = ','): string[][] {
  return parse(text, { delimiter, relax_column_count: false }) as string[][]
}

/** `POST .../jobs/query` (200) -> the job. */
export async function createQueryJob(
  app: AppConnection,
  query: string,
  extra: Record<string, unknown> = {},
  base = QUERY,
) {
  const response = await app.post(base, { json: { operation: 'query', query, ...extra } })
  expect(response.status, response.text).toBe(200)
  return response.body as Record<string, any>
}

export interface ResultsPage {
  response: ApiResponse
  rows: string[][]
  locator: string | null
}

/** One results page of a query job. */
export async function resultsPage(
  app: AppConnection,
  jobId: string,
  params = '',
  base = QUERY,
): Promise<ResultsPage> {
  const response = await app.get(`${base}/${jobId}/results${params}`)
  expect(response.status, response.text).toBe(200)
  expect(response.headers.get('sforce-locator')).toBe(response.headers.get('vendor-locator'))
  const locator = response.headers.get('sforce-locator')
  const rows = csvRows(response.text)
  expect(Number(response.headers.get('sforce-numberofrecords'))).toBe(rows.length - 1)
  return { response, rows, locator: locator === 'null' ? null : locator }
}
