import { ErrorBody, Workspace, WorkspaceList } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

const member = { token: 'test-member-token' }

test('shows a member every active workspace, newest first', async ({ client }) => {
  const list = WorkspaceList.parse((await client.get('/v1/workspaces', member)).body)
  expect(list.data.map((workspace) => workspace.id)).toEqual(['ws_default', 'ws_other'])
})

test('shows archived workspaces only with archived=true', async ({ client }) => {
  const list = WorkspaceList.parse((await client.get('/v1/workspaces?archived=true', member)).body)
  expect(list.data.map((workspace) => workspace.id)).toEqual(['ws_archived'])
  expect(list.data[0]!.archivedAt).not.toBeNull()
})

test('shows an API key only its own workspace', async ({ client }) => {
  const own = WorkspaceList.parse((await client.get('/v1/workspaces')).body)
  expect(own.data.map((workspace) => workspace.id)).toEqual(['ws_default'])
  const other = WorkspaceList.parse((await client.get('/v1/workspaces', { token: 'test-other-key' })).body)
  expect(other.data.map((workspace) => workspace.id)).toEqual(['ws_other'])
  const archived = WorkspaceList.parse((await client.get('/v1/workspaces?archived=true')).body)
  expect(archived.data).toEqual([])
})

test('rejects an archived value other than true or false', async ({ client }) => {
  const response = await client.get('/v1/workspaces?archived=yes')
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toHaveProperty('archived')
})

test('gets a workspace by id', async ({ client }) => {
  const response = await client.get('/v1/workspaces/ws_default')
  expect(response.status).toBe(200)
  expect(Workspace.parse(response.body)).toMatchObject({
    id: 'ws_default',
    name: 'Default',
    archivedAt: null,
  })
})

test('hides another workspace from an API key as 404', async ({ client }) => {
  const response = await client.get('/v1/workspaces/ws_other')
  expect(response.status).toBe(404)
  expect(ErrorBody.parse(response.body).error.code).toBe('not_found')
  // the same answer as for a workspace that does not exist: no existence leak
  const missing = await client.get('/v1/workspaces/ws_missing')
  expect(missing.status).toBe(404)
})

test('lets a member get any workspace, archived included', async ({ client }) => {
  const response = await client.get('/v1/workspaces/ws_archived', member)
  expect(response.status).toBe(200)
})

test('answers 400 for a workspace id that breaks the ID pattern', async ({ client }) => {
  const response = await client.get(`/v1/workspaces/${'a'.repeat(129)}`, member)
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.fields).toHaveProperty('workspaceId')
  const longest = await client.get(`/v1/workspaces/${'a'.repeat(128)}`, member)
  expect(longest.status).toBe(404)
})
