/**
 * @module
 * Baseline for the gateway bench: the CRM app's native handler the gateway uses, served by
 * `@hono/node-server` with no gateway in front (no token, no checks, no recording), for one
 * seeded running environment. Calls must carry the native path at the root (`/services/...`).
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createReplicaMock } from '../../src/index.js'
import { announceAndWait } from '../lib/announce-port.js'
import { directNativeCall } from '../lib/native-call.js'

const mock = createReplicaMock()
await mock.ready()
const environment = await mock.seed.environment()
const { call, handler } = directNativeCall(mock, environment)

const server = serve(
  { fetch: (request: Request) => handler(request, call), port: 0, hostname: '127.0.0.1' },
  () => {
    announceAndWait((server.address() as AddressInfo).port, async () => {
      ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      await new Promise((resolve) => server.close(resolve))
    })
  },
)
