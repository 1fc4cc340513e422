import { AppList, ErrorBody, VersionList } from '../../../src/schemas/index.js'
import { expect, test } from '../../support/harness.js'

test('lists the crm app', async ({ client }) => {
  const response = await client.get('/v1/apps')
  expect(response.status).toBe(200)
  const list = AppList.parse(response.body)
  expect(list.data.map((app) => app.id)).toEqual(['crm'])
  expect(list.data[0]).toMatchObject({ type: 'replica', defaultVersionId: 'crm-v2026.2' })
  expect(list.nextCursor).toBeNull()
})

test('lists versions newest first with the default one marked', async ({ client }) => {
  const list = VersionList.parse((await client.get('/v1/apps/crm/versions')).body)
  expect(list.data.map((version) => version.version)).toEqual(['2026.2', '2026.1', '2025.2'])
  expect(list.data.map((version) => version.status)).toEqual(['published', 'published', 'retired'])
  expect(list.data.filter((version) => version.isDefault).map((version) => version.id)).toEqual([
    'crm-v2026.2',
  ])
})

test('serves native API versions 48.0 through 60.0 on the default version', async ({ client }) => {
  const list = VersionList.parse((await client.get('/v1/apps/crm/versions?limit=1')).body)
  const rest = list.data[0]!.apis.find((api) => api.id === 'rest')!
  expect(rest.apiVersions[0]).toBe('48.0')
  expect(rest.apiVersions.at(-1)).toBe('60.0')
  expect(list.data[0]!.actors.map((actor) => actor.id)).toEqual(['admin', 'integration', 'readonly'])
})

test('pages versions with a cursor until nextCursor is null', async ({ client }) => {
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2'
    const page = VersionList.parse((await client.get(`/v1/apps/crm/versions${query}`)).body)
    seen.push(...page.data.map((version) => version.id))
    cursor = page.nextCursor
  } while (cursor)
  expect(seen).toEqual(['crm-v2026.2', 'crm-v2026.1', 'crm-v2025.2'])
})

test('answers 404 not_found for an unknown app', async ({ client }) => {
  const response = await client.get('/v1/apps/nope/versions')
  expect(response.status).toBe(404)
  expect(ErrorBody.parse(response.body).error.code).toBe('not_found')
})

test('answers 400 with fields for an app id that breaks APP_ID', async ({ client }) => {
  const response = await client.get('/v1/apps/CRM/versions')
  expect(response.status).toBe(400)
  expect(Object.keys(ErrorBody.parse(response.body).error.fields ?? {})).toEqual(['appId'])
})
