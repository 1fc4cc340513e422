/**
 * Helpers for the composite family's conformance tests: subrequest builders, the store's whole
 * content (counts, field values, auto-number sequences, id counters and the recycle bin in one
 * value) to prove a rejected or rolled-back request wrote nothing, and the native answers the
 * composite resources are made of.
 */
import { expect } from 'vitest'
import type { ReplicaMock } from '../../src/index.js'
import type { ApiResponse } from './client.js'
import { type AppConnection, V } from './native.js'

export const ACME = '001Rm0000000001IAA'
export const COYOTE = '003Rm0000000001IAA'
export const ROLLED_BACK =
  'The transaction was rolled back since another operation in the same transaction failed.'

export interface Sub {
  method: string
  url: string
  referenceId: string
  body?: unknown
  httpHeaders?: Record<string, string>
}

/** A composite subrequest; `path` is appended to `/services/data/v60.0` unless it starts with `/services`. */
export function sub(method: string, path: string, referenceId: string, body?: unknown): Sub {
  const url = path.startsWith('/services') ? path : `${V}${path}`
  return body === undefined ? { method, url, referenceId } : { method, url, referenceId, body }
}

export function composite(app: AppConnection, compositeRequest: Sub[], allOrNone?: boolean) {
  return app.post(`${V}/composite`, {
    json: allOrNone === undefined ? { compositeRequest } : { allOrNone, compositeRequest },
  })
}

/** The app's whole record store as plain JSON: equal before and after means nothing was written. */
export function storeContent(mock: ReplicaMock, app: AppConnection) {
  return JSON.parse(JSON.stringify(mock.records(app.environment.id).serialise()))
}

/** Records of an object, live ones or (with `deleted`) the recycle bin too. */
export function countOf(mock: ReplicaMock, app: AppConnection, object: string, deleted = false) {
  return mock.records(app.environment.id).count(object, { includeDeleted: deleted })
}

/** A composite answer: 200, and per subrequest `[referenceId, httpStatusCode]`. */
export function expectStatuses(response: ApiResponse, expected: Array<[string, number]>) {
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const items = response.body.compositeResponse as Array<{ referenceId: string; httpStatusCode: number }>
  expect(items.map((item) => [item.referenceId, item.httpStatusCode])).toEqual(expected)
  return response.body.compositeResponse as Array<{
    referenceId: string
    httpStatusCode: number
    httpHeaders: Record<string, string>
    body: any
  }>
}

/** The body of a subrequest undone or not run because another one failed. */
export const HALTED = [{ errorCode: 'PROCESSING_HALTED', message: ROLLED_BACK }]
