/**
 * Helpers for conformance tests of the management write side: callers of the default fixture,
 * strict parsing of answers, and short ways to create resources over HTTP.
 */
import { expect } from 'vitest'
import { Environment, ErrorBody, type ErrorCode, Snapshot } from '../../src/schemas/index.js'
import type { ApiResponse, Client, RequestOptions } from './client.js'

/** Bearer tokens of the default fixture. */
export const TOKENS = {
  /** `ws_default`, every API-key permission. */
  apiKey: 'test-api-key',
  /** `ws_default`, `environments:read` and `snapshots:read` only. */
  readonly: 'test-readonly-key',
  /** `ws_other`, every API-key permission. */
  other: 'test-other-key',
  /** The owner member: every permission, every workspace. */
  member: 'test-member-token',
} as const

/** Asserts an error answer: status, strict error body, code; returns the error. */
export function expectError(response: ApiResponse, status: number, code: ErrorCode) {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status,
    body: { error: { code } },
  })
  const { error } = ErrorBody.parse(response.body)
  expect(response.headers.get('x-request-id')).toBe(error.requestId)
  return error
}

/** Creates an environment (202) and returns it, parsed strictly. */
export async function createEnvironment(
  client: Client,
  body: Record<string, unknown> = { apps: ['crm'] },
  options: RequestOptions = {},
): Promise<Environment> {
  const response = await client.post('/v1/environments', { json: body, ...options })
  expect(response.status, JSON.stringify(response.body)).toBe(202)
  return Environment.parse(response.body)
}

export async function getEnvironment(client: Client, id: string, options: RequestOptions = {}) {
  const response = await client.get(`/v1/environments/${id}`, options)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return Environment.parse(response.body)
}

/** Creates a snapshot (202) of `environmentId` and returns it, parsed strictly. */
export async function createSnapshot(
  client: Client,
  environmentId: string,
  body: Record<string, unknown> = {},
  options: RequestOptions = {},
): Promise<Snapshot> {
  const response = await client.post('/v1/snapshots', { json: { environmentId, ...body }, ...options })
  expect(response.status, JSON.stringify(response.body)).toBe(202)
  return Snapshot.parse(response.body)
}

export async function getSnapshot(client: Client, id: string, options: RequestOptions = {}) {
  const response = await client.get(`/v1/snapshots/${id}`, options)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return Snapshot.parse(response.body)
}

/** Epoch ms of a timestamp. */
export function ms(timestamp: string | null): number {
  expect(timestamp).not.toBeNull()
  return Date.parse(timestamp!)
}
