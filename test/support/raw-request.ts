/**
 * A request with headers `fetch` will not send (`Host`) or on a connection of one's own
 * (keep-alive tests): over node:http against a standalone server; in-process (a baseUrl that no
 * socket serves) through `fetch`, which MSW hands to the mock with every header as given.
 */
import http from 'node:http'
import type { ApiResponse } from './client.js'

export interface RawRequestOptions {
  /** node:http agent (keep-alive tests share one). */
  agent?: http.Agent
  body?: Buffer | string
}

export async function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  options: RawRequestOptions = {},
): Promise<ApiResponse> {
  if (!baseUrl.startsWith('http://127.0.0.1')) {
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      body: options.body as BodyInit | undefined,
    })
    return toApiResponse(response.status, response.headers, await response.text())
  }
  return new Promise((resolve, reject) => {
    const request = http.request(baseUrl + path, { method, headers, agent: options.agent }, (response) => {
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
