import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

/** The default CRM version serves API 48.0..60.0; 2026.1 serves 48.0..59.0. */
const OLDER = { environment: { apps: [{ app: 'crm', settings: { version: '2026.1' } }] } }

test('lists the API versions the app version serves, oldest first, in the Salesforce shape', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.get('/services/data')
  expect(response.status).toBe(200)
  expect(response.body).toHaveLength(13)
  expect(response.body[0]).toEqual({ label: "Spring '20", url: '/services/data/v48.0', version: '48.0' })
  expect(response.body[2]).toEqual({ label: "Winter '21", url: '/services/data/v50.0', version: '50.0' })
  expect(response.body[12]).toEqual({ label: "Spring '24", url: '/services/data/v60.0', version: '60.0' })
  const older = await connectApp(client, OLDER)
  const versions = (await older.get('/services/data')).body.map((entry: { version: string }) => entry.version)
  expect(versions.at(-1)).toBe('59.0')
})

test('lists the resources the replica serves at a version', async ({ client }) => {
  const app = await connectApp(client)
  const response = await app.get(V)
  expect(response.status).toBe(200)
  expect(response.body).toEqual({
    sobjects: `${V}/sobjects`,
    query: `${V}/query`,
    queryAll: `${V}/queryAll`,
    composite: `${V}/composite`,
    search: `${V}/search`,
    limits: `${V}/limits`,
    recent: `${V}/recent`,
    // absolute: jsforce's conn.identity() fetches it as it is
    identity: `${client.baseUrl}/id/${app.credentials.token.split('!')[0]}/005Rm0000000001IAA`,
  })
})

test('serves every listed version and answers 404 NOT_FOUND for one the app version does not serve', async ({
  client,
}) => {
  const app = await connectApp(client)
  expect((await app.get('/services/data/v48.0/sobjects')).status).toBe(200)
  expect((await app.get('/services/data/v60.0/sobjects')).status).toBe(200)
  const below = expectNativeError(await app.get('/services/data/v47.0/sobjects'), 404, 'NOT_FOUND')
  expect(below.message).toBe('The requested resource does not exist')
  expectNativeError(await app.get('/services/data/v61.0/sobjects'), 404, 'NOT_FOUND')
  expectNativeError(await app.get('/services/data/v61.0'), 404, 'NOT_FOUND')

  const older = await connectApp(client, OLDER)
  expect((await older.get('/services/data/v59.0/sobjects')).status).toBe(200)
  expectNativeError(await older.get('/services/data/v60.0/sobjects'), 404, 'NOT_FOUND')
})

test('answers 404 NOT_FOUND for a malformed version and an unknown path', async ({ client }) => {
  const app = await connectApp(client)
  for (const path of [
    '/services/data/v60/sobjects',
    '/services/data/60.0/sobjects',
    '/services/data/v60.5/sobjects',
    `${V}/nothing-here`,
    `${V}/sobjects/Account/001Rm0000000001IAA/Contacts/extra`,
    '/services/nothing',
  ]) {
    expectNativeError(await app.get(path), 404, 'NOT_FOUND')
  }
})
