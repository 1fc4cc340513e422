/**
 * @module
 * Options of `createReplicaMock` (and, under the same names, of the server and the plugins).
 */
import * as z from 'zod'
import type { ApexRestRoutes, InvocableActions } from '../replica/apex/apex-types.js'
import type { NativeHandler } from '../replica/native-call.js'
import { DEFAULT_MAX_UPLOAD_BYTES } from '../replica/bulk/inflate-upload.js'
import { AppId } from '../schemas/common.js'
import { CrmSchemaDocument } from '../schemas/crm-schema-document.js'
import { NamespacePrefix, type SchemaLoadProgress } from '../schemas/schema-load-report.js'

export const Lifecycle = z.strictObject({
  /** Time from create/resume until an environment is `running`, on the mock clock. @default 0 */
  startMs: z.int().min(0).default(0),
  /** Time from resume until `running`. @default 0 */
  resumeMs: z.int().min(0).default(0),
  /** Time a snapshot stays `saving`. @default 0 */
  snapshotMs: z.int().min(0).default(0),
  /** Time a bulk job takes to finish after upload completes. @default 0 */
  bulkMs: z.int().min(0).default(0),
})
export type Lifecycle = z.infer<typeof Lifecycle>

type SchemaSourceInput = string | z.input<typeof CrmSchemaDocument>

/**
 * Schema sources, one or a list: paths (SFDX project, package directory, describe JSON, schema
 * document file) and schema documents. Checked by hand rather than as a union, so a bad
 * document's own issues (`schema.1.objects.0.createable: ...`) are named, not "Invalid input".
 */
const SchemaSources = z
  .custom<SchemaSourceInput | SchemaSourceInput[]>(() => true)
  .superRefine((value, ctx) => {
    const list: unknown[] = Array.isArray(value) ? value : [value]
    list.forEach((item, index) => {
      const at = Array.isArray(value) ? [index] : []
      if (typeof item === 'string' && item.length > 0) return
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        const message = 'Expected a path or a schema document ({ objects: [...] })'
        ctx.addIssue({ code: 'custom', message, path: at })
        return
      }
      for (const issue of CrmSchemaDocument.safeParse(item).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [...at, ...issue.path] })
      }
    })
  })
  .transform((value) => (Array.isArray(value) ? value : [value]))

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

export const ReplicaMockOptions = z.strictObject({
  /**
   * Origin the management API and app URLs live under.
   * @default 'https://api.replica.test'
   * @example createReplicaMock({ baseUrl: 'https://ems.example.test' })
   */
  baseUrl: z
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.replica.test'),
  /**
   * The data the mock starts and resets to: a fixture object or the path of a JSON file.
   * @default the built-in default fixture (see README)
   */
  fixture: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  /**
   * The state the mock starts from and `reset()` comes back to, on top of the fixture: a state
   * document (`exportState()`, `GET /__replica/state`) or the path of a JSON file holding one. It
   * is imported once the fixture is loaded and marked as the start (`markStart()`), so resets
   * cost what a test changed, however many records it holds.
   * @default none: the fixture is the start
   * @example createReplicaMock({ startState: './test/start-state.json' })
   */
  startState: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  /**
   * The user's org schema for every published version of the fixture's `crm` app: paths (an SFDX
   * project or package directory, a folder of describe JSON, a describe JSON or schema document
   * file; relative to the cwd) and schema documents (`{ objects: [...] }`), merged in order over
   * the version's own fixture `schema`, which merges over the built-in demo schema
   * (docs/org-schema.md). A source that cannot be read fails the start (`ready()`).
   * @default none: the fixture's versions keep their own schema, else the built-in demo
   * @example createReplicaMock({ schema: ['./force-app', './describe/Account.json'] })
   */
  schema: SchemaSources.optional().transform((sources) => sources ?? []),
  /**
   * Seed data sources (`sf data export tree` plan or tree file, or a folder of CSV files) for
   * every published version of the fixture's `crm` app, after the version's own fixture `data`.
   * @default none
   */
  data: z
    .union([z.string().min(1), z.array(z.string().min(1))])
    .optional()
    .transform(asList),
  /**
   * Fail the start when a schema source holds an object, field, validation rule or field setting
   * the replica cannot serve (they are otherwise left out and listed in `GET /__replica/schema`).
   * @default false
   */
  schemaStrict: z.boolean().default(false),
  /**
   * The namespace CumulusCI's tokens in schema sources resolve to (`%%%NAMESPACE%%%Field__c` is
   * `ns__Field__c`), and whose `ns__` objects and fields are the project's own (loaded; a managed
   * package's of any other namespace are not). Without it the tokens resolve to nothing, as an
   * unmanaged deploy (docs/org-schema.md).
   * @default none
   * @example createReplicaMock({ schema: './src', schemaNamespace: 'GW_Volunteers' })
   */
  schemaNamespace: NamespacePrefix.optional(),
  /**
   * Called as the schema sources load, once per object read and per few dozen checked, with where
   * the load is (`serve` draws its progress line with it on a terminal).
   * @default none
   */
  onSchemaProgress: z
    .custom<(progress: SchemaLoadProgress) => void>(
      (value) => typeof value === 'function',
      'Expected a function (progress) => void',
    )
    .optional(),
  /** `'real'` time, or `'manual'` (frozen until advanced). @default 'real' */
  clock: z.enum(['real', 'manual']).default('real'),
  /** Lifecycle delays in ms. @default all 0 */
  lifecycle: Lifecycle.partial().default({}),
  /** Largest accepted management request body, in bytes; larger -> 413 `body_too_large`. @default 1 MiB */
  maxBodyBytes: z
    .int()
    .min(1)
    .default(1024 * 1024),
  /**
   * Largest Bulk API 2.0 CSV upload (`PUT .../jobs/ingest/{id}/batches`) the gateway accepts, in
   * bytes; larger is `413 request_too_large`. Every other native request body keeps the 4 MiB cap.
   * @default 150 MiB (the real API's upload limit)
   * @example createReplicaMock({ maxUploadBytes: 10 * 1024 * 1024 })
   */
  maxUploadBytes: z
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .default(DEFAULT_MAX_UPLOAD_BYTES),
  /** When set, the control API (`/__replica`) requires `Authorization: Bearer <adminToken>`. */
  adminToken: z.string().min(1).optional(),
  /**
   * Origins (`scheme://host[:port]`) whose browser pages may call the control API; calls from any
   * other origin are refused (`403 forbidden`) and get no CORS headers. The management and app
   * APIs answer every origin.
   * @default [] (none)
   * @example createReplicaMock({ controlOrigins: ['http://localhost:5173'] })
   */
  controlOrigins: z.array(z.url().transform((url) => new URL(url).origin)).default([]),
  /** Largest `PUT /__replica/state` body, in bytes; larger -> 413 `body_too_large`. @default 64 MiB */
  maxStateBytes: z
    .int()
    .min(1)
    .default(64 * 1024 * 1024),
  /**
   * Recorded gateway calls kept per environment; the oldest are dropped beyond it. 0 records
   * nothing (the request operations then list nothing).
   * @default 10000
   * @example createReplicaMock({ maxRecordedCalls: 100 })
   */
  maxRecordedCalls: z.int().min(0).max(1_000_000).default(10_000),
  /**
   * Whole request/response bodies kept for download over every environment, in bytes (each
   * environment also keeps at most 32 MiB); beyond it the oldest bodies of the environment that
   * keeps most are let go (their previews stay).
   * @default 256 MiB
   */
  maxRecordedBodyBytes: z
    .int()
    .min(0)
    .default(256 * 1024 * 1024),
  /**
   * How long the recorded calls of a deleted or failed environment can still be listed, in ms on
   * the mock clock; then they are let go and nothing more is recorded for it.
   * @default 86400000 (24 hours)
   * @example createReplicaMock({ recordedCallsRetentionMs: 0 }) // let them go at deletion
   */
  recordedCallsRetentionMs: z
    .int()
    .min(0)
    .default(24 * 60 * 60 * 1000),
  /**
   * How long an `idempotency-key` is remembered, in ms on the mock clock; a key used again later
   * starts a new request.
   * @default 86400000 (24 hours)
   */
  idempotencyTtlMs: z
    .int()
    .min(1)
    .default(24 * 60 * 60 * 1000),
  /**
   * Milliseconds of CPU time one SOQL query of a native call may take before it fails with
   * `QUERY_TIMEOUT` (the engine holds the event loop while it runs; CPU time, so a busy machine
   * does not make a query fail); 0 = no time bound.
   * @default 100
   * @example createReplicaMock({ queryTimeoutMs: 2000 }) // big data on a slow machine
   */
  queryTimeoutMs: z.int().min(0).default(100),
  /**
   * Rows one SOQL query of a native call may visit (scanned, looked up, sorted, rendered) before
   * it fails with `QUERY_TIMEOUT`.
   * @default 1000000
   */
  queryMaxRows: z.int().min(1).default(1_000_000),
  /**
   * Count what the mock is asked (management operations, native endpoints, SOQL, error codes, and
   * requests for what it does not emulate) for the fidelity report (`GET /__replica/fidelity`,
   * and the Vitest plugin's end-of-run table). A map increment per request.
   * @default true
   * @example createReplicaMock({ fidelity: false })
   */
  fidelity: z.boolean().default(true),
  /**
   * The org's Apex REST endpoints (`/services/apexrest/...`), written as handlers over the
   * environment's records (docs/apex-rest.md): `'METHOD /path'` (`:name` and `*` segments) ->
   * handler. Served by the built-in CRM replica beside its records, through the gateway's rules.
   * @default none: every Apex REST path answers NOT_FOUND
   * @example
   * createReplicaMock({
   *   apexRest: { 'GET /orders/v1/:id': ({ params, records }) => records.get('Order__c', params.id) },
   * })
   */
  apexRest: z.custom<ApexRestRoutes>(isPlainObject, "Expected { 'METHOD /path': handler }").optional(),
  /**
   * The org's invocable Apex actions (`/services/data/vXX.X/actions/custom/apex/{name}`): action
   * name -> `{ invoke, inputs?, outputs?, label? }` or just the `invoke` function (docs/apex-rest.md).
   * @default none
   * @example
   * createReplicaMock({ invocableActions: { Echo: ({ inputs }) => inputs.map((input) => ({ text: input.text })) } })
   */
  invocableActions: z
    .custom<InvocableActions>(isPlainObject, 'Expected { ActionName: definition or function }')
    .optional(),
  /**
   * An ES module exporting `apexRest` and/or `invocableActions` (relative to the cwd), loaded at
   * start like `replica-mock serve --apex`; its routes and actions come after the two options'.
   * A module that cannot be loaded fails the start (`ready()`).
   * @default none
   * @example createReplicaMock({ apex: './test/apex-handlers.mjs' })
   */
  apex: z.string().min(1).optional(),
  /**
   * Wall-clock ms one Apex REST call or action invocation may take (it holds the environment's
   * records meanwhile); past it the call fails with `System.LimitException` and rolls back.
   * 0 = no bound.
   * @default 10000 (Apex's limit of synchronous CPU time)
   * @example createReplicaMock({ apexTimeoutMs: 30_000 })
   */
  apexTimeoutMs: z.int().min(0).default(10_000),
  /**
   * Platform events kept per environment app; past it the oldest go first (snapshots and the
   * state document keep what is kept). Replay ids go on counting.
   * @default 10000
   * @example createReplicaMock({ maxPlatformEvents: 100_000 })
   */
  maxPlatformEvents: z.int().min(1).max(10_000_000).default(10_000),
  /**
   * Native handlers by catalog app id, replacing the built-in ones behind the gateway: the gateway
   * still authenticates, refuses, caps and records every call, and hands the handler the native
   * request (prefix stripped) with who it is for (`NativeCall`).
   * @default the built-in CRM replica for every `replica` app
   * @example
   * createReplicaMock({
   *   nativeHandlers: { crm: async (request, call) => Response.json({ actor: call.actor }) },
   * })
   */
  nativeHandlers: z
    .record(
      AppId,
      z.custom<NativeHandler>(
        (value) => typeof value === 'function',
        'Expected a function (request, call) => Response',
      ),
    )
    .optional(),
})
export type ReplicaMockOptions = z.input<typeof ReplicaMockOptions>
export type ResolvedOptions = z.output<typeof ReplicaMockOptions>
