import createFetchClient from 'openapi-fetch'
import { createOpenApiDocument } from '../../../src/handlers/openapi/openapi-document.js'
import type { paths } from '../../generated/management-api.js'
import { expect, test } from '../../support/harness.js'
import { TOKENS } from '../../support/management.js'

test('serves the OpenAPI document at /v1/openapi.json without a token', async ({ client }) => {
  const response = await client.get('/v1/openapi.json', { token: null })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.body).toEqual(createOpenApiDocument())
  expect(response.body.openapi).toBe('3.1.0')
})

test('the document is the only /v1 resource served without a token', async ({ client }) => {
  expect((await client.get('/v1/me', { token: null })).status).toBe(401)
  expect((await client.get('/v1/openapi.jsonx', { token: null })).status).toBe(401)
})

// a client generated from the document by openapi-typescript (`npm run openapi:types`, which
// `npm run typecheck` runs first) and driven by openapi-fetch: the types it gets come from the
// document, so a drift between document and server fails here or in the type check
test('a client generated from the document creates an environment and reads it running', async ({
  client,
}) => {
  const api = createFetchClient<paths>({
    baseUrl: `${client.baseUrl}/v1`,
    headers: { authorization: `Bearer ${TOKENS.apiKey}` },
  })
  const created = await api.POST('/environments', {
    params: { header: { 'idempotency-key': 'generated-client-1' } },
    body: { apps: ['crm'], name: 'from-the-generated-client', labels: { team: 'a' } },
  })
  expect(created.response.status).toBe(202)
  const environment = created.data!
  expect(environment.status).toBe('starting')
  expect(environment.apps.map((app) => app.name)).toEqual(['crm'])

  const read = await api.GET('/environments/{environmentId}', {
    params: { path: { environmentId: environment.id } },
  })
  expect(read.data?.status).toBe('running')

  const listed = await api.GET('/environments', { params: { query: { label: ['team=a'], limit: 10 } } })
  expect(listed.data?.data.map((item) => item.id)).toEqual([environment.id])

  const credentials = await api.POST('/environments/{environmentId}/apps/{appName}/credentials', {
    params: { path: { environmentId: environment.id, appName: 'crm' } },
    body: {},
  })
  expect(credentials.data?.url).toContain(`/apps/${environment.id}/crm`)

  const refused = await api.POST('/environments', { body: { apps: ['crm'], timeLimitMinutes: 0 } })
  expect(refused.response.status).toBe(400)
  expect(refused.error?.error.code).toBe('invalid_request')
  expect(refused.error?.error.fields).toHaveProperty('timeLimitMinutes')
})
