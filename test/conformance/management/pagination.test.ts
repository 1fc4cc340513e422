import { ErrorBody, WorkspaceList } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

const member = { token: 'test-member-token' }

test.for(['1', '100'])('accepts limit=%s', async (limit, { client }) => {
  const response = await client.get(`/v1/workspaces?limit=${limit}`, member)
  expect(response.status).toBe(200)
})

test.for(['0', '101', '-1', '1.5', 'abc', ''])(
  'rejects limit=%j with 400 and fields',
  async (limit, { client }) => {
    const response = await client.get(`/v1/workspaces?limit=${limit}`, member)
    expect(response.status).toBe(400)
    const body = ErrorBody.parse(response.body)
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.fields).toHaveProperty('limit')
  },
)

test('returns one record per page at limit=1 and a cursor to the next', async ({ client }) => {
  const first = WorkspaceList.parse((await client.get('/v1/workspaces?limit=1', member)).body)
  expect(first.data.map((workspace) => workspace.id)).toEqual(['ws_default'])
  expect(first.nextCursor).toEqual(expect.any(String))
  const second = WorkspaceList.parse(
    (await client.get(`/v1/workspaces?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`, member)).body,
  )
  expect(second.data.map((workspace) => workspace.id)).toEqual(['ws_other'])
  expect(second.nextCursor).toBeNull()
})

test('defaults to 50 per page', async ({ client }) => {
  const list = WorkspaceList.parse((await client.get('/v1/workspaces', member)).body)
  expect(list.data.length).toBeLessThanOrEqual(50)
  expect(list.nextCursor).toBeNull()
})

test('rejects a malformed cursor with 400', async ({ client }) => {
  const response = await client.get('/v1/workspaces?cursor=not-a-cursor', member)
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toHaveProperty('cursor')
})

test('rejects a cursor over 2048 characters but reads one of 2048', async ({ client }) => {
  const tooLong = await client.get(`/v1/workspaces?cursor=${'a'.repeat(2049)}`, member)
  expect(tooLong.status).toBe(400)
  expect(ErrorBody.parse(tooLong.body).error.fields).toHaveProperty('cursor')
  // 2048 chars passes the bound and then fails only as malformed
  const atBound = await client.get(`/v1/workspaces?cursor=${'a'.repeat(2048)}`, member)
  expect(atBound.status).toBe(400)
  expect(ErrorBody.parse(atBound.body).error.message).toMatch(/malformed/)
})
