/**
 * `Sforce-Limit-Info: api-usage=N/M` on every REST API response under
 * `/services/data/vXX.X` (records, query, composite, sObject Collections, Bulk API 2.0, errors
 * included), with N and M exactly as `GET …/limits` reports `DailyApiRequests` at that moment
 * (N = Max − Remaining). Not on the Versions URI `/services/data`, which does not count, nor on
 * the OAuth, identity and SOAP endpoints.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm
 */
import type { ApiResponse } from '../../support/client.js'
import { describe, expect, test } from '../../support/harness.js'
import { INGEST, runIngest } from '../../support/bulk.js'
import { sub, composite } from '../../support/composite.js'
import { connectApp, V } from '../../support/native.js'

function apiUsage(response: ApiResponse): { used: number; max: number } {
  const header = response.headers.get('sforce-limit-info')
  const match = header?.match(/^api-usage=(\d+)\/(\d+)$/)
  expect(match, `Sforce-Limit-Info: ${header}`).toBeTruthy()
  return { used: Number(match![1]), max: Number(match![2]) }
}

describe('Sforce-Limit-Info', () => {
  test('reports DailyApiRequests as GET /limits does, each call counted once', async ({ client }) => {
    const app = await connectApp(client)
    const limits = await app.get(`${V}/limits`)
    expect(limits.status, limits.text).toBe(200)
    const { Max, Remaining } = limits.body.DailyApiRequests
    expect(apiUsage(limits)).toEqual({ used: Max - Remaining, max: Max })

    const first = await app.get(`${V}/sobjects`)
    expect(apiUsage(first)).toEqual({ used: Max - Remaining + 1, max: Max })
    const second = await app.get(`${V}/limits`)
    expect(apiUsage(second)).toEqual({ used: Max - Remaining + 2, max: Max })
    const again = second.body.DailyApiRequests
    expect(again.Max - again.Remaining).toBe(Max - Remaining + 2)
  })

  test('is on records, query, composite, collections, Bulk API 2.0 and error answers', async ({ client }) => {
    const app = await connectApp(client)
    const created = await app.post(`${V}/sobjects/Account`, { json: { Name: 'Limit Info' } })
    const job = await runIngest(app, { object: 'Account', operation: 'insert' }, 'Name\nBulk Limit\n')
    const responses: Array<[string, ApiResponse]> = [
      ['create', created],
      ['read', await app.get(`${V}/sobjects/Account/${created.body.id}`)],
      ['query', await app.get(`${V}/query?q=${encodeURIComponent('SELECT Id FROM Account')}`)],
      ['composite', await composite(app, [sub('GET', `${V}/sobjects/Account/${created.body.id}`, 'a')])],
      ['collections', await app.get(`${V}/composite/sobjects/Account?ids=${created.body.id}&fields=Name`)],
      ['bulk job', await app.get(`${INGEST}/${job.id}`)],
      ['bulk results', await app.get(`${INGEST}/${job.id}/successfulResults`)],
      ['resources', await app.get(`${V}/`)],
      ['not found', await app.get(`${V}/sobjects/Account/001000000000000AAA`)],
      ['method not allowed', await app.delete(`${V}/sobjects`)],
    ]
    for (const [name, response] of responses) {
      expect(response.status, `${name}: ${response.text}`).toBeLessThan(500)
      expect(response.headers.get('sforce-limit-info'), name).toMatch(/^api-usage=\d+\/15000$/)
    }
    const used = responses.map(([, response]) => apiUsage(response).used)
    expect(used).toEqual([...used].sort((a, b) => a - b))
  })

  test('is not on the Versions URI, the OAuth, identity and SOAP endpoints', async ({ client }) => {
    const app = await connectApp(client)
    const versions = await app.get('/services/data')
    expect(versions.status).toBe(200)
    const userinfo = await app.get('/services/oauth2/userinfo')
    expect(userinfo.status).toBe(200)
    const token = await app.post('/services/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const soap = await app.post('/services/Soap/u/60.0', {
      body: '<not-a-call/>',
      headers: { 'content-type': 'text/xml' },
    })
    for (const response of [versions, userinfo, token, soap]) {
      expect(response.headers.get('sforce-limit-info')).toBeNull()
    }
  })
})
