/**
 * A server started in-process (the Vitest plugin's server mode, the Playwright fixture, a user's
 * own test) shares the process with the user's code: it must leave the user's Fetch globals as
 * they were.
 */
import { expect, it } from 'vitest'
import { createReplicaServer } from '../../src/server/index.js'

const fetchGlobals = () => ({
  Request: globalThis.Request,
  Response: globalThis.Response,
  Headers: globalThis.Headers,
  fetch: globalThis.fetch,
})

it("leaves the user's Request, Response, Headers and fetch as they were", async () => {
  const before = fetchGlobals()
  const server = await createReplicaServer({ port: 0 })
  const response = await fetch(`${server.url}/v1/me`, { headers: { authorization: 'Bearer test-api-key' } })
  expect(response.status).toBe(200)
  const running = fetchGlobals()
  await server.close()
  for (const [name, value] of Object.entries(before)) {
    expect(running[name as keyof typeof running], `${name} while serving`).toBe(value)
    expect(fetchGlobals()[name as keyof typeof before], `${name} after close`).toBe(value)
  }
})
