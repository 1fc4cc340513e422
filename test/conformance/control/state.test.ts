import { ErrorBody, WorkspaceList } from '../../../src/schemas/index.js'
import { StateDocument } from '../../../src/runtime/state-document.js'
import { expect, test } from '../../support/harness.js'

const member = { token: 'test-member-token' }

function withExtraWorkspace(state: StateDocument): StateDocument {
  const copy = structuredClone(state)
  copy.store.collections.workspaces.push({
    id: 'ws_imported',
    name: 'Imported',
    createdBy: { type: 'member', id: 'usr_owner', name: 'Olive Owner' },
    createdAt: '2026-02-01T00:00:00.000Z',
    archivedAt: null,
  })
  return copy
}

test('reports health with the package version', async ({ client }) => {
  const response = await client.get('/__replica/health', { token: null })
  expect(response.status).toBe(200)
  expect(response.body).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) })
})

test('exports the whole state as a versioned document', async ({ client }) => {
  const response = await client.get('/__replica/state', { token: null })
  expect(response.status).toBe(200)
  const state = StateDocument.parse(response.body)
  expect(state.format).toBe('replica-mock/state')
  expect(state.store.collections.workspaces).toHaveLength(3)
})

test('imports a state and answers from it', async ({ client }) => {
  const state = StateDocument.parse((await client.get('/__replica/state', { token: null })).body)
  const put = await client.put('/__replica/state', { token: null, json: withExtraWorkspace(state) })
  expect(put.status).toBe(200)
  const list = WorkspaceList.parse((await client.get('/v1/workspaces', member)).body)
  expect(list.data.map((workspace) => workspace.id)).toContain('ws_imported')
})

test('gives identical API responses after an export/import round trip', async ({ client }) => {
  const state = StateDocument.parse((await client.get('/__replica/state', { token: null })).body)
  await client.put('/__replica/state', { token: null, json: withExtraWorkspace(state) })
  const paths = ['/v1/workspaces?limit=1', '/v1/workspaces?archived=true', '/v1/apps/crm/versions', '/v1/me']
  const before = await Promise.all(paths.map(async (path) => (await client.get(path, member)).body))
  const exported = (await client.get('/__replica/state', { token: null })).body

  await client.post('/__replica/reset', { token: null })
  expect((await client.get('/v1/workspaces/ws_imported', member)).status).toBe(404)

  await client.put('/__replica/state', { token: null, json: exported })
  const after = await Promise.all(paths.map(async (path) => (await client.get(path, member)).body))
  expect(after).toEqual(before)
})

test('rejects a bad state document with 400 and keeps the current state', async ({ client }) => {
  const state = StateDocument.parse((await client.get('/__replica/state', { token: null })).body)
  const broken = withExtraWorkspace(state) as any
  broken.store.collections.workspaces.at(-1).id = 'not a valid id!'
  const response = await client.put('/__replica/state', { token: null, json: broken })
  expect(response.status).toBe(400)
  expect(ErrorBody.parse(response.body).error.message).toMatch(/Failed to import state/)
  const list = WorkspaceList.parse((await client.get('/v1/workspaces', member)).body)
  expect(list.data.map((workspace) => workspace.id)).toEqual(['ws_default', 'ws_other'])
})

test('rejects a document of another format', async ({ client }) => {
  const response = await client.put('/__replica/state', {
    token: null,
    json: { format: 'other', version: 1 },
  })
  expect(response.status).toBe(400)
})

test('mock.exportState and importState round-trip in-process too', async ({ mock }) => {
  const state = withExtraWorkspace(mock.exportState())
  await mock.importState(state)
  expect(mock.workspaces.get('ws_imported')?.name).toBe('Imported')
  await mock.reset()
  expect(mock.workspaces.get('ws_imported')).toBeUndefined()
})
