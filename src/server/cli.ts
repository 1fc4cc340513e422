#!/usr/bin/env node
/**
 * @module
 * `replica-mock serve`: the standalone server from the command line; `replica-mock openapi`
 * prints the management API's OpenAPI document.
 */
import { parseArgs } from 'node:util'
import type { AccessLogFormat } from './access-log.js'
import { type ReplicaServer, startReplicaServer } from './create-server.js'
import { NamespacePrefix } from '../schemas/schema-load-report.js'
import { progressLine } from './schema-progress.js'
import { schemaSummary } from './schema-summary.js'
import { trustLines } from './tls/trust-lines.js'

const USAGE = `Usage: replica-mock serve [options]
       replica-mock openapi    print the management API's OpenAPI 3.1 document (JSON)

Options:
  --port <n>            port to listen on; 0 picks a free one (default 4010)
  --host <addr>         interface to bind (default 127.0.0.1)
  --https               serve over TLS; without --cert/--key with a local CA made once in --tls-dir
  --tls-dir <dir>       where the local CA and server certificate are kept
                        (default $XDG_CACHE_HOME or ~/.cache, then /replica-mock/tls)
  --cert <file>         with --https: your own certificate (PEM), e.g. from mkcert
  --key <file>          with --https: its private key (PEM)
  --http-port <n>       with --https: also serve plain http on this port (same app and state)
  --fixture <file>      JSON fixture to start and reset to (default: built-in fixture)
  --start-state <file>  state document (GET /__replica/state) to start from and reset to
  --schema <path>       the user's org schema for every published version of the crm app: SFDX
                        project or package directory, folder of describe JSON, describe JSON or
                        schema document file (repeatable; merged in order over the fixture's)
  --data <path>         seed data for those versions (repeatable)
  --apex <file>         ES module of the org's own code: it exports apexRest (Apex REST handlers)
                        and/or invocableActions, served beside the records (docs/apex-rest.md)
  --watch               with --apex: load the module again whenever its file changes
  --apex-timeout-ms <n> ms one Apex REST call or action may take before it rolls back (default 10000)
  --max-platform-events <n>  platform events kept per environment app, oldest dropped (default 10000)
  --schema-strict       fail the start when a schema source holds anything the replica cannot serve
  --schema-namespace <ns>  the namespace CumulusCI tokens (%%%NAMESPACE%%%, ___NAMESPACE___) in
                        schema sources resolve to; its ns__ names are the project's own
                        (default: none, the tokens resolve to nothing)
  --state-file <file>   keep the state in this file: every acknowledged write is journaled
                        (<file>.journal, fsync per write batch) before its response
  --admin-token <t>     require "Authorization: Bearer <t>" on the control API (/__replica)
  --clock <mode>        real (default) or manual
  --start-ms <n>        ms an environment stays starting (default 0)
  --resume-ms <n>       ms a resumed environment stays starting (default 0)
  --snapshot-ms <n>     ms a snapshot stays saving (default 0)
  --bulk-ms <n>         ms a bulk job takes after upload completes (default 0)
  --max-body-bytes <n>  largest management request body (default 1048576)
  --max-recorded-calls <n>  gateway calls kept per environment; 0 records none (default 10000)
  --max-upload-bytes <n>    largest Bulk API CSV upload (default 157286400, 150 MiB)
  --max-state-bytes <n> largest PUT /__replica/state body (default 67108864)
  --max-recorded-body-bytes <n>  whole recorded bodies kept over every environment (default 268435456)
  --recorded-calls-retention-ms <n>  how long a deleted environment's calls stay listed (default 86400000)
  --idempotency-ttl-ms <n>  how long an idempotency key is remembered (default 86400000)
  --control-origin <o>  let browser pages of this origin call the control API (repeatable; default none)
  --query-timeout-ms <n>  ms one SOQL query may run before QUERY_TIMEOUT; 0 = no bound (default 100)
  --query-max-rows <n>  rows one SOQL query may visit before QUERY_TIMEOUT (default 1000000)
  --log-format <f>      request log lines as text (default) or json (one object per line)
  --no-fidelity         count nothing for the fidelity report (GET /__replica/fidelity)
  --quiet               print only the listening line (no request log, no schema summary,
                        no progress line while a schema loads)
  -h, --help            show this help
`

class UsageError extends Error {}

/** This process answers over HTTP only: nothing in it reads `mock.handlers`, so msw stays unloaded. */
function noMswHandlers(): never {
  throw new Error('Failed to make MSW handlers: the replica-mock CLI serves over HTTP only')
}

function integerFlag(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(`--${name} must be an integer >= ${min}, got "${value}"`)
  }
  return Number(value)
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      https: { type: 'boolean' },
      'tls-dir': { type: 'string' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'http-port': { type: 'string' },
      fixture: { type: 'string' },
      'start-state': { type: 'string' },
      schema: { type: 'string', multiple: true },
      data: { type: 'string', multiple: true },
      'schema-strict': { type: 'boolean' },
      'schema-namespace': { type: 'string' },
      apex: { type: 'string' },
      watch: { type: 'boolean' },
      'apex-timeout-ms': { type: 'string' },
      'max-platform-events': { type: 'string' },
      'state-file': { type: 'string' },
      'admin-token': { type: 'string' },
      clock: { type: 'string' },
      'start-ms': { type: 'string' },
      'resume-ms': { type: 'string' },
      'snapshot-ms': { type: 'string' },
      'bulk-ms': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'max-recorded-calls': { type: 'string' },
      'log-format': { type: 'string' },
      'max-upload-bytes': { type: 'string' },
      'max-state-bytes': { type: 'string' },
      'max-recorded-body-bytes': { type: 'string' },
      'recorded-calls-retention-ms': { type: 'string' },
      'idempotency-ttl-ms': { type: 'string' },
      'control-origin': { type: 'string', multiple: true },
      'query-timeout-ms': { type: 'string' },
      'query-max-rows': { type: 'string' },
      'no-fidelity': { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return { help: true as const }
  const [command, ...rest] = positionals
  if (command !== 'serve' && command !== 'openapi')
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command "serve"')
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`)
  if (command === 'openapi') return { help: false as const, openapi: true as const }
  if (values.clock !== undefined && values.clock !== 'real' && values.clock !== 'manual') {
    throw new UsageError(`--clock must be "real" or "manual", got "${values.clock}"`)
  }
  const namespace = values['schema-namespace']
  if (namespace !== undefined && !NamespacePrefix.safeParse(namespace).success) {
    throw new UsageError(
      `--schema-namespace must be a namespace prefix (a letter, then letters, digits and single underscores, at most 15), got "${namespace}"`,
    )
  }
  const logFormat = values['log-format'] ?? 'text'
  if (logFormat !== 'text' && logFormat !== 'json') {
    throw new UsageError(`--log-format must be "text" or "json", got "${logFormat}"`)
  }
  const port = integerFlag('port', values.port) ?? 4010
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got "${port}"`)
  const httpPort = integerFlag('http-port', values['http-port'])
  if (httpPort !== undefined && httpPort > 65535) {
    throw new UsageError(`--http-port must be at most 65535, got "${httpPort}"`)
  }
  if (values.watch && values.apex === undefined)
    throw new UsageError('--watch reloads the --apex module; it needs --apex')
  for (const flag of ['tls-dir', 'cert', 'key', 'http-port'] as const) {
    if (values[flag] !== undefined && !values.https) throw new UsageError(`--${flag} needs --https`)
  }
  if ((values.cert === undefined) !== (values.key === undefined)) {
    throw new UsageError('--cert and --key go together')
  }
  if (values.cert !== undefined && values['tls-dir'] !== undefined) {
    throw new UsageError('--tls-dir is for the local CA; it does not go with --cert/--key')
  }
  const https = values.https
    ? { tlsDir: values['tls-dir'], certFile: values.cert, keyFile: values.key }
    : undefined
  const lifecycle = Object.fromEntries(
    (['start', 'resume', 'snapshot', 'bulk'] as const)
      .map((name) => [`${name}Ms`, integerFlag(`${name}-ms`, values[`${name}-ms`])])
      .filter(([, value]) => value !== undefined),
  )
  return {
    help: false as const,
    openapi: false as const,
    quiet: values.quiet ?? false,
    logFormat: logFormat as AccessLogFormat,
    stateFile: values['state-file'],
    watch: values.watch ?? false,
    options: {
      port,
      host: values.host ?? '127.0.0.1',
      https,
      httpPort,
      fixture: values.fixture,
      startState: values['start-state'],
      schema: values.schema,
      data: values.data,
      schemaStrict: values['schema-strict'],
      schemaNamespace: namespace,
      apex: values.apex,
      apexTimeoutMs: integerFlag('apex-timeout-ms', values['apex-timeout-ms']),
      maxPlatformEvents: integerFlag('max-platform-events', values['max-platform-events'], 1),
      adminToken: values['admin-token'],
      clock: values.clock as 'real' | 'manual' | undefined,
      lifecycle,
      maxBodyBytes: integerFlag('max-body-bytes', values['max-body-bytes'], 1),
      maxRecordedCalls: integerFlag('max-recorded-calls', values['max-recorded-calls']),
      maxUploadBytes: integerFlag('max-upload-bytes', values['max-upload-bytes'], 1),
      maxStateBytes: integerFlag('max-state-bytes', values['max-state-bytes'], 1),
      maxRecordedBodyBytes: integerFlag('max-recorded-body-bytes', values['max-recorded-body-bytes']),
      recordedCallsRetentionMs: integerFlag(
        'recorded-calls-retention-ms',
        values['recorded-calls-retention-ms'],
      ),
      idempotencyTtlMs: integerFlag('idempotency-ttl-ms', values['idempotency-ttl-ms'], 1),
      controlOrigins: values['control-origin'],
      queryTimeoutMs: integerFlag('query-timeout-ms', values['query-timeout-ms']),
      queryMaxRows: integerFlag('query-max-rows', values['query-max-rows'], 1),
      fidelity: values['no-fidelity'] ? false : undefined,
    },
  }
}

async function main(argv: string[]): Promise<number> {
  let command: ReturnType<typeof parse>
  try {
    command = parse(argv)
  } catch (error) {
    process.stderr.write(`replica-mock: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (command.help) {
    process.stdout.write(USAGE)
    return 0
  }
  if (command.openapi) {
    // waits for the write: process.exit() could cut a pipe short where pipes are asynchronous (macOS)
    const { createOpenApiDocument } = await import('../handlers/openapi/openapi-document.js')
    const text = `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`
    // a reader that stops early (`| head`) closes the pipe: that is no failure
    process.stdout.on('error', () => {})
    await new Promise<void>((resolve) => process.stdout.write(text, () => resolve()))
    return 0
  }
  const { options, quiet, logFormat, stateFile, watch } = command
  // a large org schema takes a while: a line on a terminal says how far the load is
  const progress = quiet ? undefined : progressLine(process.stderr)
  let server: ReplicaServer
  try {
    server = await startReplicaServer(
      {
        ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
        ...(progress ? { onSchemaProgress: progress.update } : {}),
        requestLog: quiet ? false : { format: logFormat },
        stateFile,
        watchApex: watch && { onReload: reportReload(quiet) },
        // this process runs the server and nothing else
        replaceFetchGlobals: true,
      },
      noMswHandlers,
    )
  } catch (error) {
    progress?.clear()
    const err = error as NodeJS.ErrnoException
    const reason =
      err.code === 'EADDRINUSE' ? `port ${options.port} on ${options.host} is already in use` : err.message
    process.stderr.write(`replica-mock: Failed to start: ${reason}\n`)
    return 1
  }

  progress?.clear()
  // the handlers go in before the listening line: a parent may signal as soon as it reads it
  const stopped = new Promise<number>((resolve) => {
    let stopping = false
    const stop = async (signal: string) => {
      if (stopping) return
      stopping = true
      try {
        // flushes the request log, then writes the state file (--state-file)
        await server.close()
        if (!quiet) await writeOut(`replica-mock stopped (${signal})\n`)
        resolve(0)
      } catch (error) {
        process.stderr.write(`replica-mock: Failed to stop cleanly: ${(error as Error).message}\n`)
        resolve(1)
      }
    }
    process.once('SIGINT', () => void stop('SIGINT'))
    process.once('SIGTERM', () => void stop('SIGTERM'))
  })
  // one write: a parent that reads the listening line gets the key line in the same chunk
  let banner = `replica-mock listening on ${server.url}\n`
  const [key] = quiet ? [] : server.mock.apiKeys.all()
  if (key) banner += `default API key: ${key.token} (workspace ${key.workspaceId})\n`
  const summary = quiet ? undefined : schemaSummary(server.mock)
  if (summary) banner += `${summary}\n`
  if (!quiet && server.httpUrl) banner += `plain http also on ${server.httpUrl}\n`
  if (!quiet && server.localCa) banner += trustLines(server.localCa.files, server.url)
  process.stdout.write(banner)
  return stopped
}

/** One line per reload of the --apex module (a failure on stderr, whatever --quiet says). */
function reportReload(quiet: boolean) {
  return ({ file, error }: { file: string; error?: Error }) => {
    if (error) process.stderr.write(`replica-mock: ${error.message.replace(/^\[replica-mock\] /, '')}\n`)
    else if (!quiet) process.stdout.write(`replica-mock reloaded ${file}\n`)
  }
}

/** Resolves once stdout has taken `text`, or after a second (a reader that stopped must not hold the exit). */
function writeOut(text: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000)
    process.stdout.write(text, () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

main(process.argv.slice(2)).then((code) => process.exit(code))
