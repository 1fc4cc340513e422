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
    authentication: 'token',
    url: `${client.baseUrl}/apps/${environment.id}/crm/login`,
    parameters: { actor: 'readonly' },
    secrets: { token: credentials.token },
  })
})
