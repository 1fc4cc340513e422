import { conformanceTest, expect } from '../../support/harness.js'
import { V, connectApp } from '../../support/native.js'

const test = conformanceTest()
const offTest = conformanceTest({ fidelity: false })

const report = async (client: any) => {
  const response = await client.get('/__replica/fidelity', { token: null })
  expect(response.status, response.text).toBe(200)
  return response.body
}
const countOf = (items: { name: string; count: number }[], name: string) =>
  items.find((item) => item.name === name)?.count ?? 0

test('reports the operations, endpoints, SOQL features and error codes a run exercised', async ({
  client,
}) => {
  expect((await client.delete('/__replica/fidelity', { token: null })).status).toBe(200)
  const app = await connectApp(client)
  await client.get('/v1/environments')
  await client.get('/v1/environments/env_missing')
  expect(
    (
      await app.get(
        `${V}/query?q=${encodeURIComponent("SELECT Id, Account.Name FROM Contact WHERE LastName LIKE 'S%' ORDER BY LastName DESC LIMIT 5")}`,
      )
    ).status,
  ).toBe(200)
  expect((await app.get(`${V}/query?q=${encodeURIComponent('SELECT Id FROM Account')}`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects/Account/001000000000000AAA`)).status).toBe(404)

  const body = await report(client)
  expect(body.format).toBe('replica-mock/fidelity')
  expect(countOf(body.operations, 'createEnvironment')).toBe(1)
  expect(countOf(body.operations, 'createCredentials')).toBe(1)
  expect(countOf(body.operations, 'listEnvironments')).toBe(1)
  expect(countOf(body.operations, 'getEnvironment')).toBe(1)
  expect(countOf(body.operations, 'deleteSnapshot')).toBe(0)
  expect(countOf(body.nativeEndpoints, 'GET query')).toBe(2)
  expect(countOf(body.nativeEndpoints, 'GET sobjects/{object}/{id}')).toBe(1)
  expect(body.nativeEndpointsNotExercised).toContain('composite')
  expect(body.nativeEndpointsNotExercised).not.toContain('query')
  expect(countOf(body.soqlFeatures, 'WHERE')).toBe(1)
  expect(countOf(body.soqlFeatures, 'LIKE')).toBe(1)
  expect(countOf(body.soqlFeatures, 'ORDER BY DESC')).toBe(1)
  expect(countOf(body.soqlFeatures, 'parent relationship path')).toBe(1)
  expect(countOf(body.soqlFeatures, 'LIMIT')).toBe(1)
  expect(countOf(body.errorCodes, 'management:not_found')).toBe(1)
  expect(countOf(body.errorCodes, 'native:NOT_FOUND')).toBe(1)
  expect(body.unemulated).toEqual([])
})

test('counts the describe resources by name, as the router matched them', async ({ client }) => {
  expect((await client.delete('/__replica/fidelity', { token: null })).status).toBe(200)
  const app = await connectApp(client)
  expect((await app.get(`${V}/sobjects/Account/describe/layouts`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects/Contact/Describe/Layouts/012000000000000AAA`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects/Account/quickActions`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects/Account/describe`)).status).toBe(200)

  const body = await report(client)
  expect(countOf(body.nativeEndpoints, 'GET sobjects/{object}/describe/layouts')).toBe(1)
  expect(countOf(body.nativeEndpoints, 'GET sobjects/{object}/describe/layouts/{recordTypeId}')).toBe(1)
  expect(countOf(body.nativeEndpoints, 'GET sobjects/{object}/quickActions')).toBe(1)
  expect(countOf(body.nativeEndpoints, 'GET sobjects/{object}/describe')).toBe(1)
  expect(body.nativeEndpointsNotExercised).toEqual(
    expect.arrayContaining([
      'sobjects/{object}/describe/compactLayouts',
      'sobjects/{object}/describe/approvalLayouts',
    ]),
  )
  expect(body.nativeEndpointsNotExercised).not.toContain('sobjects/{object}/describe/layouts')
  expect(body.unemulated).toEqual([])
})

test('lists every request for what the replica does not emulate', async ({ client }) => {
  await client.delete('/__replica/fidelity', { token: null })
  const app = await connectApp(client)
  expect((await app.get(`${V}/search?q=FIND+%7BAcme%7D+WITH+SNIPPET`)).body[0].errorCode).toBe(
    'FEATURE_NOT_ENABLED',
  )
  expect((await app.get(`${V}/no-such-thing`)).status).toBe(404)
  expect((await app.get(`${V}/sobjects/Account/describe?extra=1`)).status).toBe(200)
  expect((await client.get('/v1/environments?sort=name')).status).toBe(200)
  expect((await client.get('/v1/no-such-operation')).status).toBe(404)

  const { unemulated, errorCodes } = await report(client)
  const seen = unemulated.map((request: any) => [
    request.kind,
    request.surface,
    request.method,
    request.path,
    request.detail,
  ])
  expect(seen).toEqual(
    expect.arrayContaining([
      ['feature_not_enabled', 'native', 'GET', `${V}/search`, expect.stringContaining('SOSL')],
      ['unknown_route', 'native', 'GET', `${V}/no-such-thing`, 'no native endpoint has this path'],
      ['ignored_parameter', 'native', 'GET', `${V}/sobjects/Account/describe`, 'query parameter "extra"'],
      ['ignored_parameter', 'management', 'GET', '/v1/environments', 'query parameter "sort"'],
      ['unknown_route', 'management', 'GET', '/v1/no-such-operation', expect.any(String)],
    ]),
  )
  expect(unemulated).toHaveLength(5)
  expect(countOf(errorCodes, 'native:FEATURE_NOT_ENABLED')).toBe(1)
})

test('never shows a known secret: a token in a path, a client secret in a SOQL text', async ({ client }) => {
  await client.delete('/__replica/fidelity', { token: null })
  const app = await connectApp(client)
  const secret = app.credentials.login!.secrets.client_secret!
  const token = app.credentials.token
  expect((await app.get(`${V}/${token}/whatever`)).status).toBe(404)
  expect((await client.get(`/v1/no-such-route/${token}`)).status).toBe(404)
  const soql = `SELECT Id FROM Account WHERE Name = '${secret}' GROUP BY ROLLUP(Name)`
  expect((await app.get(`${V}/query?q=${encodeURIComponent(soql)}`)).status).toBeGreaterThanOrEqual(400)

  const json = JSON.stringify(await report(client))
  const text = (await client.get('/__replica/fidelity?format=text', { token: null })).text
  for (const output of [json, text]) {
    expect(output).not.toContain(token)
    expect(output).not.toContain(secret)
  }
  expect(json).toContain(`${V}/[redacted]/whatever`)
  expect(json).toContain('/v1/no-such-route/[redacted]')
})

test('counts gateway refusals by their code, and prints the short table', async ({ client }) => {
  await client.delete('/__replica/fidelity', { token: null })
  const app = await connectApp(client)
  expect((await client.post(`/v1/environments/${app.environment.id}/pause`)).status).toBe(200)
  expect((await app.get(`${V}/sobjects`)).status).toBe(409)
  const { errorCodes, nativeEndpoints } = await report(client)
  expect(countOf(errorCodes, 'gateway:environment_paused')).toBe(1)
  expect(nativeEndpoints).toEqual([])

  const text = await client.get('/__replica/fidelity?format=text', { token: null })
  expect(text.headers.get('content-type')).toMatch(/^text\/plain/)
  expect(text.text).toContain('replica-mock fidelity report')
  expect(text.text).toMatch(/management operations\s+3\/23/)
  expect(text.text).toContain('gateway:environment_paused ×1')
})

offTest('answers 404 with fidelity off', async ({ client }) => {
  const response = await client.get('/__replica/fidelity', { token: null })
  expect(response.status).toBe(404)
  expect(response.body.error.message).toContain('fidelity off')
})
