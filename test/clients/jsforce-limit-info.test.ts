/**
 * jsforce reads `Sforce-Limit-Info` into `conn.limitInfo.apiUsage` after each REST call: the
 * numbers are those `GET …/limits` reports for `DailyApiRequests`.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'

const session = useJsforceSession()

it('reads the API usage after a query, as /limits reports it', async () => {
  const { conn } = session
  await conn.query('SELECT Id, Name FROM Account')
  const afterQuery = conn.limitInfo.apiUsage
  expect(afterQuery).toEqual({ used: expect.any(Number), limit: 15000 })

  const limits = (await conn.limits()) as unknown as { DailyApiRequests: { Max: number; Remaining: number } }
  const { Max, Remaining } = limits.DailyApiRequests
  // the limits call itself came after the query: one more call
  expect(Max - Remaining).toBe(afterQuery!.used + 1)
  expect(conn.limitInfo.apiUsage).toEqual({ used: Max - Remaining, limit: Max })
})
