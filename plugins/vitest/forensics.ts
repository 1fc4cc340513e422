/**
 * @module
 * The forensics bundle of a failed test: the mock's whole state, the calls and audit events of the
 * test and the mock clock's time. It is written to a JSON file, attached to the test's report and
 * can be replayed with `replica.use(pathOrBundle)`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AuditEvent, ReplicaMock, StateDocument } from '../../src/index.js'
import type { RecordedCall, ReplicaSlot } from './worker-state.js'

export const FORENSICS_FORMAT = 'replica-mock/forensics'

export interface ForensicsBundle {
  format: typeof FORENSICS_FORMAT
  version: 1
  /** Full name of the test. */
  test: string
  /** The mock clock when the bundle was taken. */
  clock: { mode: 'real' | 'manual'; now: string }
  /** HTTP calls the mock answered during the test, oldest first. */
  calls: RecordedCall[]
  /** Audit events in the mock (it was reset before the test, so these are the test's). */
  auditEvents: AuditEvent[]
  /** Calls the gateway recorded, by environment id, newest first. */
  gatewayCalls: Record<string, ReturnType<ReplicaMock['requests']['list']>>
  /** The whole state: `replica.use(bundle)` starts a test from it. */
  state: StateDocument
}

export async function takeForensics(slot: ReplicaSlot, test: string): Promise<ForensicsBundle> {
  const { mock } = slot
  return {
    format: FORENSICS_FORMAT,
    version: 1,
    test,
    clock: { mode: mock.clock.mode, now: mock.clock.now().toISOString() },
    calls: [...slot.calls],
    auditEvents: await mock.auditEvents.all(),
    gatewayCalls: Object.fromEntries(
      (await mock.environments.all()).map((environment) => [
        environment.id,
        mock.requests.list(environment.id),
      ]),
    ),
    state: mock.exportState(),
  }
}

/** Writes the bundle to a fresh temporary file and returns its path. */
export function writeForensics(bundle: ForensicsBundle): string {
  const dir = mkdtempSync(join(tmpdir(), 'replica-forensics-'))
  const file = join(dir, `${bundle.test.replace(/[^\w.-]+/g, '-').slice(0, 80) || 'test'}.json`)
  writeFileSync(file, `${JSON.stringify(bundle, null, 2)}\n`)
  return file
}

/**
 * What `replica.use()` accepts, as a state document: a state document, a forensics bundle, or the
 * path of a JSON file holding either.
 */
export function toStateDocument(input: unknown): unknown {
  let value = input
  if (typeof value === 'string') {
    try {
      value = JSON.parse(readFileSync(value, 'utf8'))
    } catch (error) {
      throw new TypeError(`[replica-mock] Failed to read state from "${input}": ${(error as Error).message}`)
    }
  }
  if (value && typeof value === 'object' && (value as { format?: unknown }).format === FORENSICS_FORMAT) {
    return (value as ForensicsBundle).state
  }
  return value
}
