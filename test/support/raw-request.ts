/**
 * A request with headers `fetch` will not send (`Host`) or on a connection of one's own
 * (keep-alive tests), over node:http(s): against a standalone server, and in-process (a baseUrl
 * that no socket serves) through MSW, which hands a node:http request to the mock with every
 * header as given (its `fetch` interception sets `Host` from the URL since msw 3, as fetch does).
 */
import http from 'node:http'
import https from 'node:https'
import type { ApiResponse } from './client.js'

export interface RawRequestOptions {
  /** node:http agent (keep-alive tests share one); not given in-process, where no socket is kept. */
  agent?: http.Agent
  body?: Buffer | string
}

export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  options: RawRequestOptions = {},
): Promise<ApiResponse> {
  const inProcess = !baseUrl.startsWith('http://127.0.0.1')
  const client = baseUrl.startsWith('https:') ? https : http
  const agent = inProcess ? undefined : options.agent
  return new Promise((resolve, reject) => {
    const request = client.request(baseUrl + path, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
        }
        resolve(toApiResponse(response.statusCode!, headers, Buffer.concat(chunks).toString('utf8')))
      })
    })
    request.on('error', reject)
    request.end(options.body)
  })
}

function toApiResponse(status: number, headers: Headers, text: string): ApiResponse {
  let body: unknown = text
  if (headers.get('content-type')?.includes('json') && text) body = JSON.parse(text)
  return { status, headers, body: body as any, text }
}
