/**
 * A small HTTP client for conformance tests: the same calls over either transport. Every `/v1`
 * response is checked against the published OpenAPI document (`openapi-check.ts`).
 */
import { checkAgainstOpenApi } from './openapi-check.js'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface RequestOptions {
  /** Bearer token; `null` sends none. @default 'test-api-key' */
  token?: string | null
  /** JSON body (serialised, `content-type: application/json`). */
  json?: unknown
  /** Raw body, sent as is. */
  body?: string | Uint8Array
  headers?: Record<string, string>
}

export interface Client {
  readonly baseUrl: string
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  post<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  put<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  patch<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  delete<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>
}

export function createClient(baseUrl: string): Client {
  const request = async (method: string, path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    const token = options.token === undefined ? 'test-api-key' : options.token
    if (token !== null) headers.authorization = `Bearer ${token}`
    let body: BodyInit | undefined = options.body as BodyInit | undefined
    if (options.json !== undefined) {
      body = JSON.stringify(options.json)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(baseUrl + path, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text
    if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    if (path.startsWith('/v1')) {
      const contentType = response.headers.get('content-type')
      checkAgainstOpenApi({ method, path, status: response.status, contentType, body: parsed })
    }
    return { status: response.status, headers: response.headers, body: parsed as any, text }
  }
  return {
    baseUrl,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  }
}
