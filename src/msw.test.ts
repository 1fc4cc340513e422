/**
 * The msw adapter in whichever msw major is installed (the Node 20 leg of `.ci/run` has msw 2,
 * the Node 24 leg msw 3): the catch-all answers under its base URL, and `listenOptions` decides
 * what happens to a request it does not answer. A local server stands for the network.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createMswHandlers, listenOptions, type UnhandledRequestStrategy } from './msw.js'

const BASE = 'https://api.replica.test'
const handlers = createMswHandlers(BASE, async (request) =>
  Response.json({ answered: new URL(request.url).pathname }),
)

let network: Server
let networkUrl: string
let reached: string[]

beforeEach(async () => {
  reached = []
  network = createServer((request, response) => {
    reached.push(request.url ?? '')
    response.end('from the network')
  })
  await new Promise<void>((done) => network.listen(0, '127.0.0.1', done))
  networkUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}`
})

afterEach(async () => {
  vi.restoreAllMocks()
  await new Promise((done) => network.close(done))
})

async function withServer(strategy: UnhandledRequestStrategy, run: () => Promise<void>) {
  const server = setupServer(...handlers)
  server.listen(listenOptions(strategy))
  try {
    await run()
  } finally {
    server.close()
  }
}

it('answers every method under the base URL through the given fetch', async () => {
  await withServer('error', async () => {
    expect(await (await fetch(`${BASE}/v1/me`)).json()).toEqual({ answered: '/v1/me' })
    const posted = await fetch(`${BASE}/services/data/v60.0/sobjects/Account`, { method: 'POST', body: '{}' })
    expect(await posted.json()).toEqual({ answered: '/services/data/v60.0/sobjects/Account' })
  })
})

it("'error' fails a request no handler answers, which never reaches the network", async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  await withServer('error', async () => {
    await expect(fetch(`${networkUrl}/elsewhere`)).rejects.toThrow()
  })
  expect(reached).toEqual([])
  expect(String(printed.mock.calls[0]?.[0])).toContain(
    'intercepted a request without a matching request handler',
  )
})

it("'bypass' lets a request no handler answers reach the network, silently", async () => {
  const warned = vi.spyOn(console, 'warn')
  await withServer('bypass', async () => {
    expect(await (await fetch(`${networkUrl}/elsewhere`)).text()).toBe('from the network')
  })
  expect(reached).toEqual(['/elsewhere'])
  expect(warned).not.toHaveBeenCalled()
})
