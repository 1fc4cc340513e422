import { defaultFixture } from '../../../src/index.js'
import { Credentials } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'

// the default CRM versions are API-only; here the default version also has an interactive API
const test = conformanceTest({
  fixture: {
    ...defaultFixture,
    versions: defaultFixture.versions.map((version) =>
      version.isDefault
        ? {
            ...version,
            apis: [...version.apis, { ...version.apis[0]!, id: 'ui', name: 'Web UI', interactive: true }],
          }
        : version,
    ),
  },
})

test('adds login details when the app version has an interactive API', async ({ client, mock }) => {
  const environment = await mock.seed.environment()
  const response = await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`, {
    json: { actorId: 'readonly' },
  })
  const credentials = Credentials.parse(response.body)
  expect(credentials.login).toEqual({
    authentication: 'oauth2',
    url: `${client.baseUrl}/apps/${environment.id}/crm`,
    parameters: {
      username: 'readonly@crm.replica.test',
      client_id: expect.stringMatching(/^3MVG9Rm[0-9a-z]{40}$/),
      actor: 'readonly',
      callback_urls: '',
      callback_origins: [
        ...['http', 'https'].flatMap((scheme) =>
          ['localhost', '127.0.0.1', '[::1]'].map((host) => `${scheme}://${host}:*`),
        ),
        new URL(client.baseUrl).origin,
      ].join(' '),
    },
    secrets: { password: expect.any(String), client_secret: expect.any(String) },
  })
  // the same details on a repeat; another actor has its own client and password
  const again = Credentials.parse(
    (
      await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`, {
        json: { actorId: 'readonly' },
      })
    ).body,
  )
  expect(again.login).toEqual(credentials.login)
  const admin = Credentials.parse(
    (await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`, { json: {} })).body,
  )
  expect(admin.login!.parameters.client_id).not.toBe(credentials.login!.parameters.client_id)
  expect(admin.login!.secrets.password).not.toBe(credentials.login!.secrets.password)
})
