/**
 * @module
 * Recorded calls in the state document (`exportState` / `importState`): each call's
 * RequestDetail with its bodies in base64.
 */
import * as z from 'zod'
import { StringRecord } from '../schemas/common.js'
import { BodyCoverage, BodyEncoding, RecordedRequest } from '../schemas/request.js'
import type { StoredBody } from './body-keeping.js'
import { type RecordedCall, toRecordedRequest } from './recorded-call.js'

export const ExportedBody = z.strictObject({
  coverage: BodyCoverage,
  reason: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.int().min(0).nullable(),
  encoding: BodyEncoding,
  /** Base64 of the preview bytes. */
  head: z.base64().nullable(),
  /** Base64 of the whole body, when it is kept. */
  full: z.base64().nullable(),
})
export type ExportedBody = z.infer<typeof ExportedBody>

/** A recorded call in the state document (`exportState`): its RequestDetail, bodies in base64. */
export const ExportedCall = RecordedRequest.extend({
  /** Its place in its environment's order (cursors name it). */
  seq: z.int().min(1),
  requestHeaders: StringRecord,
  responseHeaders: StringRecord,
  requestBody: ExportedBody,
  responseBody: ExportedBody,
})
export type ExportedCall = z.infer<typeof ExportedCall>

function exportBody(body: StoredBody): ExportedBody {
  const { head, full, ...meta } = body
  return {
    ...meta,
    head: head && Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('base64'),
    full: full && Buffer.from(full.buffer, full.byteOffset, full.byteLength).toString('base64'),
  }
}

function importBody(body: ExportedBody): StoredBody {
  const full = body.full === null ? null : new Uint8Array(Buffer.from(body.full, 'base64'))
  const head = body.head === null ? null : new Uint8Array(Buffer.from(body.head, 'base64'))
  return { ...body, head, full }
}

export function toExportedCall(call: RecordedCall): ExportedCall {
  return {
    ...toRecordedRequest(call),
    seq: call.seq,
    requestHeaders: { ...call.requestHeaders },
    responseHeaders: { ...call.responseHeaders },
    requestBody: exportBody(call.requestBody),
    responseBody: exportBody(call.responseBody),
  }
}

/** The call an exported one describes, at `seq` in its environment's order. */
export function fromExportedCall(exported: ExportedCall, seq: number): RecordedCall {
  return {
    id: exported.id,
    environmentId: exported.environmentId,
    seq,
    app: exported.app,
    method: exported.method,
    path: exported.path,
    query: exported.query,
    responseStatus: exported.responseStatus,
    respondedBy: exported.respondedBy,
    errorCode: exported.errorCode,
    durationMs: exported.durationMs,
    requestBytes: exported.requestBytes,
    responseBytes: exported.responseBytes,
    receivedAtMs: Date.parse(exported.receivedAt),
    requestHeaders: { ...exported.requestHeaders },
    responseHeaders: { ...exported.responseHeaders },
    requestBody: importBody(exported.requestBody),
    responseBody: importBody(exported.responseBody),
  }
}
