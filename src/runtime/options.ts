/**
 * @module
 * Options of `createReplicaMock` (and, under the same names, of the server and the plugins).
 */
import { z } from 'zod'
import type { NativeHandler } from '../replica/native-call.js'
import { AppId } from '../schemas/common.js'

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
  /** `'real'` time, or `'manual'` (frozen until advanced). @default 'real' */
  clock: z.enum(['real', 'manual']).default('real'),
  /** Lifecycle delays in ms. @default all 0 */
  lifecycle: Lifecycle.partial().default({}),
  /** Largest accepted management request body, in bytes; larger -> 413 `body_too_large`. @default 1 MiB */
  maxBodyBytes: z
    .int()
    .min(1)
    .default(1024 * 1024),
  /** When set, the control API (`/__replica`) requires `Authorization: Bearer <adminToken>`. */
  adminToken: z.string().min(1).optional(),
  /**
   * Recorded gateway calls kept per environment; the oldest are dropped beyond it. 0 records
   * nothing (the request operations then list nothing).
   * @default 10000
   * @example createReplicaMock({ maxRecordedCalls: 100 })
   */
  maxRecordedCalls: z.int().min(0).max(1_000_000).default(10_000),
  /**
   * Count what the mock is asked (management operations, native endpoints, SOQL, error codes, and
   * requests for what it does not emulate) for the fidelity report (`GET /__replica/fidelity`,
   * and the Vitest plugin's end-of-run table). A map increment per request.
   * @default true
   * @example createReplicaMock({ fidelity: false })
   */
  fidelity: z.boolean().default(true),
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
