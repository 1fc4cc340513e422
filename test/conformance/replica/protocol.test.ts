import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, expectNativeError, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const ACME = '001Rm0000000001IAA'

test('answers 405 METHOD_NOT_ALLOWED naming the allowed methods of a resource', async ({ client }) => {
  const app = await connectApp(client)
  const put = expectNativeError(
    await app.request('PUT', `${V}/sobjects/Account/${ACME}`, { json: {} }),
    405,
    'METHOD_NOT_ALLOWED',
  )
  expect(put.message).toBe("HTTP Method 'PUT' not allowed. Allowed are HEAD,GET,PATCH,DELETE,POST")
  expectNativeError(await app.delete(`${V}/sobjects`), 405, 'METHOD_NOT_ALLOWED')
  expectNativeError(
    await app.post(`${V}/query?q=SELECT+Id+FROM+Account`, { json: {} }),
    405,
    'METHOD_NOT_ALLOWED',
  )
  const post = expectNativeError(
    await app.post(`${V}/sobjects/Account/${ACME}`, { json: {} }),
    405,
    'METHOD_NOT_ALLOWED',
  )
  expect(post.message).toBe("HTTP Method 'POST' not allowed. Allowed are HEAD,GET,PATCH,DELETE")
  expectNativeError(
    await app.patch(`${V}/sobjects/Account/describe`, { json: {} }),
    405,
    'METHOD_NOT_ALLOWED',
  )
})

test('fails loudly with 501 FEATURE_NOT_ENABLED naming each real endpoint the replica does not emulate', async ({
  client,
}) => {
  const app = await connectApp(client)
  const cases: Array<[string, string, string]> = [
    ['GET', `${V}/tooling/query?q=x`, 'Tooling API'],
    ['GET', `${V}/sobjects/Account/eventSchema`, 'Platform event schemas'],
    ['GET', `${V}/sobjects/Account/${ACME}/Contacts`, 'Relationship traversal'],
    ['POST', '/services/async/60.0/job', 'Bulk API 1.0'],
    ['POST', '/services/Soap/m/60.0', 'SOAP API'],
    ['POST', `${V}/actions/custom/flow/Route_Case`, 'Custom flow actions'],
    ['POST', `${V}/actions/standard/chatterPost`, 'standard action chatterPost'],
  ]
  for (const [method, path, feature] of cases) {
    const response = await app.request(method, path, method === 'GET' ? {} : { json: {} })
    const error = expectNativeError(response, 501, 'FEATURE_NOT_ENABLED')
    expect(error.message, path).toContain(feature)
    expect(error.message, path).toContain('is not supported by the replica')
  }
})

test('refuses XML bodies and XML responses, and conditional requests, instead of misreading them', async ({
  client,
}) => {
  const app = await connectApp(client)
  const xml = await app.post(`${V}/sobjects/Account`, {
    body: '<Account><Name>x</Name></Account>',
    headers: { 'content-type': 'application/xml' },
  })
  expectNativeError(xml, 501, 'FEATURE_NOT_ENABLED')
  expectNativeError(
    await app.get(`${V}/sobjects`, { headers: { accept: 'application/xml' } }),
    501,
    'FEATURE_NOT_ENABLED',
  )
  expect(
    (await app.get(`${V}/sobjects`, { headers: { accept: 'application/json, application/xml' } })).status,
  ).toBe(200)
  // basic information does not honour conditional headers (describes and rows do: conditional-requests.test.ts)
  const conditional = await app.get(`${V}/sobjects/Account`, { headers: { 'if-none-match': '"x"' } })
  expect(expectNativeError(conditional, 501, 'FEATURE_NOT_ENABLED').message).toContain('if-none-match')
})

test('answers HEAD like GET without a body', async ({ client }) => {
  const app = await connectApp(client)
  const head = await app.request('HEAD', `${V}/sobjects/Account/${ACME}`)
  expect(head.status).toBe(200)
  expect(head.text).toBe('')
})

test('answers the same at the root of the base URL, routed by the token alone', async ({ client }) => {
  const app = await connectApp(client)
  const response = await client.get(`${V}/sobjects/Account/${ACME}?fields=Name`, {
    token: app.credentials.token,
  })
  expect(response.status).toBe(200)
  expect(response.body.Name).toBe('Acme Corporation')
})

test('keeps each environment’s records apart', async ({ client }) => {
  const one = await connectApp(client)
  const two = await connectApp(client)
  const created = await one.post(`${V}/sobjects/Account`, { json: { Name: 'Only in one' } })
  expect(created.status).toBe(201)
  expectNativeError(await two.get(`${V}/sobjects/Account/${created.body.id}`), 404, 'NOT_FOUND')
})
