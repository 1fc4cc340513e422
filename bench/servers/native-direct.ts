/**
 * @module
 * Baseline for the gateway bench: the CRM app's native handler the gateway uses, served by
 * `@hono/node-server` with no gateway in front (no token, no checks, no recording), for one
 * seeded running environment. Calls must carry the native path at the root (`/services/...`).
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { kInternals } from '../../src/create-replica-mock.js'
import type { NativeCall } from '../../src/gateway/native-call.js'
import { nativeHandlerOf } from '../../src/handlers/create-app.js'
import { createReplicaMock } from '../../src/index.js'
import { announceAndWait } from '../lib/announce-port.js'

const mock = createReplicaMock()
await mock.ready()
const environment = await mock.seed.environment()
const app = environment.apps[0]!
const version = mock.versions.get(app.versionId)!
const call: NativeCall = {
  environmentId: environment.id,
  appName: app.name,
  appId: app.appId,
  versionId: app.versionId,
  actor: version.actors[0]!.id,
  apiVersions: [...new Set(version.apis.flatMap((api) => api.apiVersions))],
}
const handler = nativeHandlerOf(mock[kInternals].runtime)(app.appId)

const server = serve(
  { fetch: (request: Request) => handler(request, call), port: 0, hostname: '127.0.0.1' },
  () => {
    announceAndWait((server.address() as AddressInfo).port, async () => {
      ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      await new Promise((resolve) => server.close(resolve))
    })
  },
)
