/**
 * @module
 * The standalone server: the same Hono app as in-process, behind `@hono/node-server`.
 */
import type { AddressInfo } from 'node:net'
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server'
import { createReplicaMock, kInternals, type ReplicaMock } from '../create-replica-mock.js'
import type { CallNote } from '../gateway/call-note.js'
import type { GatewayBindings } from '../handlers/gateway-routes.js'
import { boundHosts, isLoopback } from '../handlers/http/control-guard.js'
import type { ReplicaMockOptions } from '../runtime/options.js'
import { type AccessLogEntry, type AccessLogOptions, createAccessLog } from './access-log.js'
import { loggedPath } from './logged-path.js'
import { openPersistence, type Persistence } from './persistence/persistence.js'
import { persistedFetch } from './persistence/persisted-fetch.js'

export interface ReplicaServerOptions extends ReplicaMockOptions {
  /** Port to listen on; 0 picks a free one. @default 4010 */
  port?: number
  /** Interface to bind. @default '127.0.0.1' */
  host?: string
  /**
   * Logs one line per request to stdout (or `requestLog.stream`) without ever making a request wait
   * for the reader: lines are written in batches, dropped and counted while the reader is behind,
   * and flushed by `close()`. `replica-mock serve` turns it on unless `--quiet`.
   * @default false
   * @example createReplicaServer({ port: 0, requestLog: { format: 'json' } })
   */
  requestLog?: boolean | AccessLogOptions
  /** Called once per handled request, with what the request log shows of it (the path unredacted). */
  onRequest?: (entry: AccessLogEntry) => void
  /**
   * Keeps the state in this file: loaded (with its journal, `<file>.journal`) at start, and every
   * change on disk before the response that follows it is sent (see `persistence/persistence.ts`).
   * A path that cannot be written fails the start.
   * @example createReplicaServer({ port: 0, stateFile: '.replica/state.json' })
   */
  stateFile?: string
  /** Journal bytes past which it is compacted into the state file. @default 16 MiB */
  journalMaxBytes?: number
  /**
   * Lets `@hono/node-server` replace this process's global `Request` and `Response` with its own
   * lighter ones, which it writes to the socket without a stream (the server answers several
   * times as many requests per second). Only for a process that runs nothing but the server:
   * `replica-mock serve` sets it. Off, the process's Fetch globals stay as they were.
   * @default false
   */
  replaceFetchGlobals?: boolean
}

export interface ReplicaServer {
  /** `http://HOST:PORT`, also the mock's `baseUrl` unless one was given. */
  readonly url: string
  readonly port: number
  readonly mock: ReplicaMock
  /** Stops listening, closes open connections and flushes the request log. */
  close(): Promise<void>
}

/**
 * Starts a standalone server.
 * @example
 * const server = await createReplicaServer({ port: 0 })
 * await fetch(`${server.url}/v1/me`, { headers: { authorization: 'Bearer test-api-key' } })
 * await server.close()
 */
export async function createReplicaServer(options: ReplicaServerOptions = {}): Promise<ReplicaServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    onRequest,
    requestLog,
    stateFile,
    journalMaxBytes,
    replaceFetchGlobals = false,
    ...mockOptions
  } = options
  if (!isLoopback(host) && !mockOptions.adminToken) {
    // reset, state (every token) and seeding would be open to the network
    throw new Error(
      `Failed to start on ${host}: a server reachable from other machines needs an admin token for its control API (--admin-token / adminToken)`,
    )
  }
  const mock = createReplicaMock(mockOptions)
  const { runtime, app } = mock[kInternals]
  await mock.ready()
  const persistence: Persistence | undefined = stateFile
    ? await openPersistence({ stateFile, runtime, journalMaxBytes })
    : undefined
  const appFetch = persistence ? persistedFetch(app.fetch, persistence) : app.fetch

  const log = requestLog ? createAccessLog(requestLog === true ? {} : requestLog) : undefined
  const isSecret = (segment: string) => runtime.ctx.secrets.isSecret(segment)
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const started = performance.now()
    // the gateway notes the environment and app it resolved (node-server binds a fresh env per request)
    const note: CallNote = {}
    ;(env as typeof env & GatewayBindings).callNote = note
    const response = await appFetch(request, env)
    const ms = performance.now() - started
    const { path, shownPath, environmentId, app: appName } = loggedPath(request, note, isSecret)
    const { method } = request
    const { status } = response
    log?.write({ method, path: shownPath, status, ms, environmentId, app: appName })
    onRequest?.({ method, path, status, ms, environmentId, app: appName })
    return response
  }

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const overrideGlobalObjects = replaceFetchGlobals
    const started = serve({ fetch, port, hostname: host, overrideGlobalObjects }, () => resolve(started))
    started.once('error', reject)
  }).catch(async (error) => {
    await persistence?.close()
    throw error
  })
  const { port: actualPort } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
  if (mockOptions.baseUrl === undefined) runtime.baseUrl = url
  runtime.listenHosts = boundHosts(host, actualPort) ?? null

  return {
    url,
    port: actualPort,
    mock,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        // keep-alive sockets would hold close() open until they time out
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        server.close((error) => (error ? reject(error) : resolve()))
      })
      await log?.close()
      // the last snapshot: the state file alone holds everything, the journal is empty
      await persistence?.close()
    },
  }
}
