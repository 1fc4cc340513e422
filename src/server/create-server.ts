/**
 * @module
 * The standalone server: the same Hono app as in-process, behind `@hono/node-server`.
 */
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import {
  assembleReplicaMock,
  kInternals,
  type MswHandlersOf,
  type ReplicaMock,
} from '../assemble-replica-mock.js'
import { boundHosts, isLoopback } from '../handlers/http/control-guard.js'
import type { ReplicaEnv } from '../handlers/http/replica-env.js'
import { createRuntime } from '../runtime/create-runtime.js'
import type { ReplicaMockOptions } from '../runtime/options.js'
import { type AccessLogEntry, type AccessLogOptions, createAccessLog } from './access-log.js'
import { durableAnswers } from './persistence/durable-answers.js'
import { openPersistence, type Persistence } from './persistence/persistence.js'
import { requestLogMiddleware } from './request-log-middleware.js'
import type { LocalCa } from './tls/local-ca.js'
import { watchApexModule } from './watch-apex.js'
import { type HttpsOption, resolveServerTls, type ServerTls } from './tls/server-tls.js'

export interface ReplicaServerOptions extends ReplicaMockOptions {
  /** Port to listen on; 0 picks a free one. @default 4010 */
  port?: number
  /** Interface to bind. @default '127.0.0.1' */
  host?: string
  /**
   * Serves over TLS. `true` (or `{ tlsDir }`) uses a local CA made once and kept in `tlsDir`
   * (default `$XDG_CACHE_HOME/replica-mock/tls` or `~/.cache/replica-mock/tls`) with a server
   * certificate for `localhost`, `127.0.0.1`, `::1` and `host`; `{ certFile, keyFile }` uses the
   * user's own. The mock's `baseUrl` is then the https origin.
   * @example createReplicaServer({ port: 0, https: true })
   */
  https?: HttpsOption
  /** With `https`: also serve plain http on this port (the same app and state); 0 picks a free one. */
  httpPort?: number
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
   * With `apex`: loads the module again when its file changes (`replica-mock serve --watch`),
   * reporting each reload (or why it failed; the last good module keeps serving).
   * @default false
   */
  watchApex?: boolean | { onReload?(outcome: { file: string; error?: Error }): void }
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
  /** `http://HOST:PORT` (`https://` with `https`), also the mock's `baseUrl` unless one was given. */
  readonly url: string
  readonly port: number
  /** With `https` and `httpPort`: `http://HOST:PORT` of the plain listener beside it. */
  readonly httpUrl?: string
  /** With `https` and no certificate of the user's: the local CA's files and certificate. */
  readonly localCa?: LocalCa
  readonly mock: ReplicaMock
  /** Stops listening, closes open connections and flushes the request log. */
  close(): Promise<void>
}

/**
 * Starts a standalone server whose mock makes its MSW handlers with `mswHandlers`
 * (`createReplicaServer()` gives msw's; the CLI none, so it never loads msw).
 */
export async function startReplicaServer(
  options: ReplicaServerOptions,
  mswHandlers: MswHandlersOf,
): Promise<ReplicaServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    onRequest,
    requestLog,
    stateFile,
    journalMaxBytes,
    replaceFetchGlobals = false,
    https,
    httpPort,
    watchApex,
    ...mockOptions
  } = options
  if (!isLoopback(host) && !mockOptions.adminToken) {
    // reset, state (every token) and seeding would be open to the network
    throw new Error(
      `Failed to start on ${host}: a server reachable from other machines needs an admin token for its control API (--admin-token / adminToken)`,
    )
  }
  if (httpPort !== undefined && !https) {
    throw new Error('Failed to start: httpPort is the plain listener beside an https one; it needs https')
  }
  if (watchApex && mockOptions.apex === undefined) {
    throw new Error('Failed to start: watchApex reloads the apex module; give apex (--apex FILE) too')
  }
  const tls: ServerTls | undefined = https ? await resolveServerTls(https, host) : undefined
  const runtime = createRuntime(mockOptions)
  await runtime.ready
  const persistence: Persistence | undefined = stateFile
    ? await openPersistence({ stateFile, runtime, journalMaxBytes })
    : undefined
  const log = requestLog ? createAccessLog(requestLog === true ? {} : requestLog) : undefined
  const outermost: MiddlewareHandler<ReplicaEnv>[] = []
  if (log || onRequest) {
    const isSecret = (segment: string) => runtime.ctx.secrets.isSecret(segment)
    outermost.push(requestLogMiddleware({ write: log && ((entry) => log.write(entry)), onRequest, isSecret }))
  }
  if (persistence) outermost.push(durableAnswers(persistence))
  const mock = assembleReplicaMock(runtime, mswHandlers, outermost)
  const { fetch } = mock[kInternals].app

  const overrideGlobalObjects = replaceFetchGlobals
  const listen = (listenPort: number, secure: ServerTls | undefined) =>
    new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const tlsOptions = secure
        ? { createServer: createHttpsServer, serverOptions: { cert: secure.cert, key: secure.key } }
        : {}
      // a body refused over its cap is answered first; the adapter then reads and discards what
      // the client still sends (up to its bound) before it closes, so the client sees the 413
      // rather than a reset connection (it is the adapter's default; said here, as we rely on it)
      const autoCleanupIncoming = true
      const started = serve(
        {
          fetch,
          port: listenPort,
          hostname: host,
          overrideGlobalObjects,
          autoCleanupIncoming,
          ...tlsOptions,
        },
        () => resolve(started),
      )
      started.once('error', reject)
    })
  const servers: ReturnType<typeof serve>[] = []
  try {
    servers.push(await listen(port, tls))
    if (tls && httpPort !== undefined) servers.push(await listen(httpPort, undefined))
  } catch (error) {
    await Promise.all(servers.map(closeServer))
    await persistence?.close()
    throw error
  }
  const onReload = typeof watchApex === 'object' ? watchApex.onReload : undefined
  const apexWatch =
    watchApex && mockOptions.apex !== undefined
      ? watchApexModule(mockOptions.apex, runtime.orgCode, (outcome) => onReload?.(outcome))
      : undefined
  const ports = servers.map((server) => (server.address() as AddressInfo).port)
  const origin = (scheme: string, listenPort: number) =>
    `${scheme}://${host.includes(':') ? `[${host}]` : host}:${listenPort}`
  const actualPort = ports[0] as number
  const url = origin(tls ? 'https' : 'http', actualPort)
  if (mockOptions.baseUrl === undefined) runtime.baseUrl = url
  runtime.listenHosts = listenHostsOf(host, ports)
  runtime.caCertificatePem = tls?.localCa?.caCertPem ?? null

  return {
    url,
    port: actualPort,
    httpUrl: ports[1] === undefined ? undefined : origin('http', ports[1]),
    localCa: tls?.localCa,
    mock,
    close: async () => {
      apexWatch?.close()
      await Promise.all(servers.map(closeServer))
      await log?.close()
      // the last snapshot: the state file alone holds everything, the journal is empty
      await persistence?.close()
    },
  }
}

function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // keep-alive sockets would hold close() open until they time out
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    server.close((error) => (error ? reject(error) : resolve()))
  })
}

/** Every `host:port` the listeners are reached by; `null` when bound to every interface. */
function listenHostsOf(host: string, ports: number[]): string[] | null {
  const hosts: string[] = []
  for (const listenPort of ports) {
    const bound = boundHosts(host, listenPort)
    if (!bound) return null
    hosts.push(...bound)
  }
  return hosts
}
