/**
 * Native (app URL) calls for conformance tests: an environment made over the management API,
 * credentials for one actor, and a client that calls the credentials URL with the app token, the
 * way a stock client would. Paths are native ones (`/services/data/v60.0/...`), appended to the
 * app URL; answers are Salesforce-shaped.
 */
import { expect } from 'vitest'
import { Credentials, type Environment } from '../../src/schemas/index.js'
import { type ApiResponse, type Client, createClient, type RequestOptions } from './client.js'
import { createEnvironment } from './management.js'

/** The REST base path of the newest API version of the default CRM version. */
export const V = '/services/data/v60.0'

export interface AppConnection {
  environment: Environment
  credentials: Credentials
  /** Calls `{credentials.url}{path}` with the app token and the credentials' headers. */
  request<T = any>(
    method: string,
    path: string,
    options?: Omit<RequestOptions, 'token'>,
  ): Promise<ApiResponse<T>>
  get<T = any>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<ApiResponse<T>>
  post<T = any>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<ApiResponse<T>>
  patch<T = any>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<ApiResponse<T>>
  delete<T = any>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<ApiResponse<T>>
  /** Another actor's connection to the same environment app. */
  as(actorId: string): Promise<AppConnection>
}

export interface ConnectOptions {
  /** The create-environment body. @default { apps: ['crm'] } */
  environment?: Record<string, unknown>
  /** @default the version's first actor (`admin`) */
  actorId?: string
  /** @default 'crm' */
  app?: string
}

/** Creates an environment over the API (it is running on the next read) and connects to its app. */
export async function connectApp(client: Client, options: ConnectOptions = {}): Promise<AppConnection> {
  const environment = await createEnvironment(client, options.environment ?? { apps: ['crm'] })
  return connectTo(client, environment, options.app ?? 'crm', options.actorId)
}

/** Credentials over the API for an existing environment's app, and a client for its URL. */
export async function connectTo(
  client: Client,
  environment: Environment,
  app = 'crm',
  actorId?: string,
): Promise<AppConnection> {
  const response = await client.post(`/v1/environments/${environment.id}/apps/${app}/credentials`, {
    json: actorId === undefined ? {} : { actorId },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const credentials = Credentials.parse(response.body)
  const native = createClient(credentials.url)
  const { Authorization: _, ...headers } = credentials.headers
  const request = (method: string, path: string, options: Omit<RequestOptions, 'token'> = {}) =>
    native.request(method, path, {
      ...options,
      token: credentials.token,
      headers: { ...headers, ...options.headers },
    })
  return {
    environment,
    credentials,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
    as: (other) => connectTo(client, environment, app, other),
  }
}

/** Asserts a native error answer: status and one `{ errorCode, message }` item; returns the item. */
export function expectNativeError(response: ApiResponse, status: number, errorCode: string) {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status,
    body: [{ errorCode, message: expect.any(String) }],
  })
  expect(response.body).toHaveLength(1)
  return response.body[0] as { message: string; errorCode: string; fields?: string[] }
}

/** `GET {V}/query?q=` and the parsed body. */
export function query(app: AppConnection, soql: string, options: Omit<RequestOptions, 'token'> = {}) {
  return app.get(`${V}/query?q=${encodeURIComponent(soql)}`, options)
}

/** Creates a record over REST (201) and returns its id. */
export async function createRecord(app: AppConnection, object: string, fields: Record<string, unknown>) {
  const response = await app.post(`${V}/sobjects/${object}`, { json: fields })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return (response.body as { id: string }).id
}
