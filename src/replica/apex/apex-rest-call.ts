/**
 * @module
 * One Apex REST call: the handler runs in the call's transaction (run-apex.ts) with the request,
 * a `RestResponse` to set and the session's records; what it returns is serialised as JSON (a
 * returned value wins over `responseBody`, as in Apex). An uncaught throw rolls everything back
 * and answers 500 `[{"errorCode":"APEX_ERROR","message":"Type: message"}]`; a status Apex does
 * not allow answers 500 `INTERNAL_SERVER_ERROR`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_methods_system_restresponse.htm
 */
import type { CrmData } from '../crm-data.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { apexErrorMessage } from './apex-exceptions.js'
import { openApexSession } from './apex-session.js'
import type { ApexRestHandler, ApexRestRequest, ApexRestResponse } from './apex-types.js'
import { type RunApexOptions, runApex } from './run-apex.js'

/** What the route sends. */
export interface ApexRestAnswer {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array | null
}

export interface ApexRestCall {
  app: CrmData
  environmentId: string
  view: MetadataView
  handler: ApexRestHandler
  request: ApexRestRequest
  params: Record<string, string>
}

/** The statuses an Apex REST response may have. */
const ALLOWED_STATUSES = new Set([
  200, 201, 202, 204, 206, 300, 301, 302, 304, 400, 401, 403, 404, 405, 406, 409, 410, 412, 413, 414, 415,
  417, 500, 503,
])
const JSON_TYPE = 'application/json;charset=UTF-8'

export async function runApexRestCall(call: ApexRestCall, options: RunApexOptions): Promise<ApexRestAnswer> {
  const session = openApexSession(call.app, call.environmentId, call.view)
  const response = restResponse()
  try {
    return await runApex(call.app, session, options, async () => {
      const value = await call.handler({
        ...session.context,
        request: call.request,
        response,
        params: call.params,
      })
      // serialised inside the transaction: a value that cannot be is a failure of the call
      return answerOf(response, value)
    })
  } catch (error) {
    return errorAnswer('APEX_ERROR', apexErrorMessage(error))
  }
}

function answerOf(response: ApexRestResponse, value: unknown): ApexRestAnswer {
  if (!ALLOWED_STATUSES.has(response.statusCode)) {
    return errorAnswer(
      'INTERNAL_SERVER_ERROR',
      `Invalid status code for HTTP response: ${response.statusCode}`,
    )
  }
  const headers = { ...response.headers }
  let body: string | Uint8Array | null = null
  if (value !== undefined) {
    body = JSON.stringify(value) ?? 'null'
    setContentType(headers, JSON_TYPE)
  } else if (response.responseBody !== undefined) {
    body = response.responseBody
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      setContentType(headers, typeof body === 'string' ? JSON_TYPE : 'application/octet-stream')
    }
  }
  return { status: response.statusCode, headers, body }
}

function setContentType(headers: Record<string, string>, value: string): void {
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name]
  headers['content-type'] = value
}

function errorAnswer(errorCode: string, message: string): ApexRestAnswer {
  return {
    status: 500,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify([{ errorCode, message }]),
  }
}

function restResponse(): ApexRestResponse {
  const headers: Record<string, string> = {}
  return {
    statusCode: 200,
    responseBody: undefined,
    headers,
    addHeader(name, value) {
      headers[name] = value
    },
  }
}
