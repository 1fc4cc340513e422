/**
 * The mock the fuzz suite attacks, and the invariants every answer must keep:
 * - no 5xx (but the native surface's deliberate `501 FEATURE_NOT_ENABLED` for what the replica
 *   does not emulate, docs/crm-replica.md);
 * - an answer within `ANSWER_BOUND_MS` (no hang);
 * - every error in its surface's format (management `{ error: { code, message, requestId } }`,
 *   native `[{ message, errorCode }]`, sObject Tree's `{ hasErrors: true, results }` or a gateway
 *   refusal `{ error: { code, message } }`);
 * - a refused write changes nothing (the stored state is the same before and after, and so is
 *   every Bulk API job of the native environment: its state, header and uploaded rows).
 * In-process through `mock.fetch` by default; `FUZZ_TRANSPORT=http` runs it against the
 * standalone server.
 */
import { kInternals } from '../../src/create-replica-mock.js'
import { createReplicaMock, type ReplicaMock, type ReplicaMockOptions } from '../../src/index.js'
import { environmentApp } from '../../src/runtime/environment-app.js'
import { ErrorBody } from '../../src/schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'
import type { KnownIds, Surface } from './endpoint.js'

export const ANSWER_BOUND_MS = 5000

export interface FuzzRequest {
  surface: Surface
  method: string
  path: string
  query: string
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer> | undefined
  /** Who calls: a management token, an app token, or none. */
  token: string | undefined
}

export interface FuzzTarget {
  mock: ReplicaMock
  baseUrl: string
  ids: KnownIds
  /** App token of the environment native calls go to. */
  appToken: string
  send(request: FuzzRequest): Promise<{ status: number; text: string; contentType: string }>
  /** The stored state and the native environment's bulk jobs, once due jobs have run. */
  state(): Promise<string>
  close(): Promise<void>
}

export async function createFuzzTarget(): Promise<FuzzTarget> {
  const options: ReplicaMockOptions = {
    clock: 'manual',
    // the org's own code and a platform event, so those surfaces are driven too
    schema: [
      {
        platformEvents: [
          {
            name: 'Fuzz_Event__e',
            label: 'Fuzz Event',
            fields: [
              {
                name: 'Ref__c',
                label: 'Ref',
                type: 'string',
                length: 20,
                createable: true,
                updateable: false,
                nillable: false,
              },
              {
                name: 'Count__c',
                label: 'Count',
                type: 'double',
                precision: 18,
                createable: true,
                updateable: false,
                nillable: true,
              },
            ],
          },
        ],
      },
    ],
    apexRest: {
      '/fuzz/*': ({ request, params, eventBus }) => {
        if (request.httpMethod === 'POST')
          eventBus.publish('Fuzz_Event__e', { Ref__c: params['*'] || 'root' })
        return { method: request.httpMethod, body: request.body ?? null, query: request.params }
      },
    },
    invocableActions: {
      Echo: {
        inputs: [{ name: 'text', required: true }],
        invoke: ({ inputs }) => inputs.map((input) => ({ text: input.text })),
      },
    },
  }
  let server: ReplicaServer | undefined
  let mock: ReplicaMock
  if (process.env.FUZZ_TRANSPORT === 'http') {
    server = await createReplicaServer({ ...options, port: 0 })
    mock = server.mock
  } else mock = createReplicaMock(options)
  await mock.ready()
  const baseUrl = server?.url ?? mock.baseUrl
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const csv = typeof body === 'string'
    const response = await mock.fetch(
      new Request(baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': csv ? 'text/csv' : 'application/json' },
        body: body === undefined ? undefined : csv ? body : JSON.stringify(body),
      }),
    )
    return response.status === 201 ? {} : ((await response.json()) as any)
  }
  const managed = await call('POST', '/v1/environments', 'test-api-key', {
    apps: ['crm'],
    timeLimitMinutes: 1440,
  })
  const native = await call('POST', '/v1/environments', 'test-member-token', {
    apps: ['crm'],
    timeLimitMinutes: 1440,
  })
  const credentials = await call(
    'POST',
    `/v1/environments/${native.id}/apps/crm/credentials`,
    'test-member-token',
    {},
  )
  await call('GET', '/services/data/v60.0/sobjects/Account/001Rm0000000001IAA', credentials.token)
  const snapshot = await call('POST', '/v1/snapshots', 'test-api-key', { environmentId: managed.id })
  const requests = await call('GET', `/v1/requests?environmentId=${native.id}`, 'test-member-token')
  const [accountId] = mock.records(native.id).insert('Account', [{ Name: 'Fuzz', External_Id__c: 'FUZZ-1' }])
  const jobs = await bulkJobs((method, path, body) => call(method, path, credentials.token, body))
  const me = await call('GET', '/services/oauth2/userinfo', credentials.token)

  return {
    mock,
    baseUrl,
    ids: {
      environmentId: managed.id,
      snapshotId: snapshot.id,
      requestId: requests.data[0].id,
      accountId: accountId!,
      nativeEnvironmentId: native.id,
      organizationId: me.organization_id,
      userId: me.user_id,
      ...jobs,
    },
    appToken: credentials.token,
    async send(request) {
      const url = `${baseUrl}${request.path}${request.query ? `?${request.query}` : ''}`
      const headers = { ...request.headers }
      if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`
      const method = request.method
      const init: RequestInit = {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : request.body,
      }
      const answer = (async () => {
        const response = server ? await fetch(url, init) : await mock.fetch(new Request(url, init))
        return {
          status: response.status,
          text: await response.text(),
          contentType: response.headers.get('content-type') ?? '',
        }
      })()
      return withBound(answer, `${method} ${request.path}`)
    },
    async state() {
      const { app } = environmentApp(mock[kInternals].runtime, native.id)
      await app.jobs.runDue()
      return storedState(mock) + jobsState(app.jobs)
    },
    close: async () => {
      await server?.close()
    },
  }
}

async function withBound<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${ANSWER_BOUND_MS} ms: ${what}`)),
      ANSWER_BOUND_MS,
    )
  })
  try {
    return await Promise.race([answer, bound])
  } finally {
    clearTimeout(timer)
  }
}

/** What must not change when a write is refused: the stored state (not the clock, calls or audit). */
export function storedState(mock: ReplicaMock): string {
  const { store, environmentData } = mock.exportState()
  return JSON.stringify({ collections: store.collections, environmentData })
}

type Call = (method: string, path: string, body?: unknown) => Promise<any>

/** Bulk jobs to aim at: Open and empty, Open with data, an ingest and a query job complete. */
async function bulkJobs(call: Call) {
  const ingest = '/services/data/v60.0/jobs/ingest'
  const create = () => call('POST', ingest, { object: 'Account', operation: 'insert' })
  const open = await create()
  const loaded = await create()
  await call('PUT', `${ingest}/${loaded.id}/batches`, 'Name,Description\nLoaded,one\n')
  const done = await create()
  await call('PUT', `${ingest}/${done.id}/batches`, 'Name\nDone\n')
  await call('PATCH', `${ingest}/${done.id}`, { state: 'UploadComplete' })
  const query = await call('POST', '/services/data/v60.0/jobs/query', {
    operation: 'query',
    query: 'SELECT Id, Name FROM Account',
  })
  await call('GET', `/services/data/v60.0/jobs/query/${query.id}`)
  return { openJobId: open.id, loadedJobId: loaded.id, doneJobId: done.id, queryJobId: query.id }
}

/** Every job's id, state, header and row count: what a refused bulk write must leave alone. */
function jobsState(jobs: ReturnType<typeof environmentApp>['app']['jobs']): string {
  const all = [...jobs.list('ingest'), ...jobs.list('query')]
  return JSON.stringify(
    all.map((job) => [
      job.id,
      jobs.state(job),
      job.kind === 'ingest' ? job.upload?.header : undefined,
      job.kind === 'ingest' ? job.upload?.rows.length : job.result?.rows.length,
    ]),
  )
}

/** Why an answer breaks an invariant, or undefined when it keeps them all. */
export function invariantBroken(
  surface: Surface,
  answer: { status: number; text: string; contentType: string },
  method = 'GET',
): string | undefined {
  const notEmulated =
    surface !== 'management' &&
    surface !== 'control' &&
    answer.status === 501 &&
    answer.text.includes('"FEATURE_NOT_ENABLED"')
  // Salesforce answers a SOAP fault with HTTP 500; any other 5xx is a failure there too
  const soapFault = surface === 'soap' && answer.status === 500 && isSoapFault(answer.text)
  if (answer.status >= 500 && !notEmulated && !soapFault)
    return `answered ${answer.status}: ${answer.text.slice(0, 300)}`
  // a HEAD answer never has a body to check
  if (answer.status < 400 || method === 'HEAD') return undefined
  // the identity URL and userinfo refuse a bad token as Salesforce does: 403, plain text
  if (answer.status === 403 && answer.text === 'Bad_OAuth_Token') return undefined
  if (notEmulated) return undefined
  if (surface === 'soap') {
    // a path the SOAP routes do not match (`/services/Soap/u/..`) is the REST API's 404
    return isSoapFault(answer.text) || gatewayRefusal(answer.text) || nativeError(answer.text)
      ? undefined
      : `not a SOAP fault: ${answer.text.slice(0, 200)}`
  }
  if (surface === 'oauth') {
    return oauthError(answer) || gatewayRefusal(answer.text) || nativeError(answer.text)
      ? undefined
      : `not an OAuth error: ${answer.text.slice(0, 200)}`
  }
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    // node answers a request it cannot parse itself (431, 400) with no body
    return answer.text === '' && (answer.status === 431 || answer.status === 400)
      ? undefined
      : `error ${answer.status} is not JSON: ${answer.text.slice(0, 200)}`
  }
  if (surface !== 'native') {
    return ErrorBody.safeParse(body).success
      ? undefined
      : `not a management error body: ${answer.text.slice(0, 200)}`
  }
  const nativeItems =
    Array.isArray(body) &&
    body.length > 0 &&
    body.every((item) => typeof item?.message === 'string' && typeof item?.errorCode === 'string')
  const refusal =
    typeof (body as any)?.error?.code === 'string' && typeof (body as any)?.error?.message === 'string'
  return nativeItems || refusal || treeErrors(body)
    ? undefined
    : `not a native error body: ${answer.text.slice(0, 200)}`
}

function isSoapFault(text: string): boolean {
  return /<soapenv:Fault>\s*<faultcode>[^<]+<\/faultcode>\s*<faultstring>/.test(text)
}

/** OAuth's own error: `{ error, error_description }` as JSON, or urlencoded (revoke). */
function oauthError(answer: { text: string; contentType: string }): boolean {
  if (answer.contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(answer.text)
    return form.has('error') && form.has('error_description')
  }
  try {
    const body = JSON.parse(answer.text)
    return typeof body?.error === 'string' && typeof body?.error_description === 'string'
  } catch {
    return false
  }
}

/** A refusal of the gateway before the app (paused, too large): `{ error: { code, message } }`. */
function gatewayRefusal(text: string): boolean {
  try {
    const body = JSON.parse(text)
    return typeof body?.error?.code === 'string' && typeof body?.error?.message === 'string'
  } catch {
    return false
  }
}

function nativeError(text: string): boolean {
  try {
    const body = JSON.parse(text)
    return Array.isArray(body) && body.length > 0 && body.every((item) => typeof item?.errorCode === 'string')
  } catch {
    return false
  }
}

/** sObject Tree's own 400: `{ hasErrors: true, results: [{ referenceId, errors: [{ statusCode, message }] }] }`. */
function treeErrors(body: any): boolean {
  return (
    body?.hasErrors === true &&
    Array.isArray(body.results) &&
    body.results.length > 0 &&
    body.results.every(
      (result: any) =>
        typeof result?.referenceId === 'string' &&
        Array.isArray(result.errors) &&
        result.errors.length > 0 &&
        result.errors.every(
          (error: any) => typeof error?.statusCode === 'string' && typeof error?.message === 'string',
        ),
    )
  )
}
