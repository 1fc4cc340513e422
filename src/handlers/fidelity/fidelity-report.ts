/**
 * @module
 * The fidelity report: from what a run exercised (`UsageCounts`), which management operations,
 * native endpoints, SOQL features and error codes it reached, and every request that asked for
 * something the replica does not emulate, with the test that sent it. As JSON, and as a short
 * table for a terminal.
 */
import type { UnemulatedRequest, UsageCounts } from '../../calls/usage-tally.js'
import { OTHER_QUERIES } from '../../calls/usage-tally.js'
import { NATIVE_ENDPOINT_NAMES } from '../../replica/handlers/native-endpoints.js'
import { operations } from '../management/operations.js'
import { soqlFeatures } from './soql-features.js'

export const FIDELITY_FORMAT = 'replica-mock/fidelity'

export interface Counted {
  name: string
  count: number
}

export interface FidelityReport {
  format: typeof FIDELITY_FORMAT
  version: 1
  /** Every management operation, with the calls it got (0: not exercised). */
  operations: Counted[]
  /** Native endpoints reached, as `METHOD endpoint`, most used first. */
  nativeEndpoints: Counted[]
  /** Native endpoints of the spec no call reached. */
  nativeEndpointsNotExercised: string[]
  /** SOQL features, by the number of queries run that used them. */
  soqlFeatures: Counted[]
  /** `surface:code` (management, native, gateway), most frequent first. */
  errorCodes: Counted[]
  /** Requests for what the replica does not emulate, with the test that sent each. */
  unemulated: UnemulatedRequest[]
}

export function fidelityReport(counts: UsageCounts): FidelityReport {
  const reachedEndpoints = new Set(
    Object.keys(counts.endpoints).map((key) => key.slice(key.indexOf(' ') + 1)),
  )
  return {
    format: FIDELITY_FORMAT,
    version: 1,
    operations: Object.keys(operations)
      .filter((id) => id !== 'getOpenApiDocument')
      .map((name) => ({ name, count: counts.operations[name] ?? 0 })),
    nativeEndpoints: sorted(counts.endpoints),
    nativeEndpointsNotExercised: NATIVE_ENDPOINT_NAMES.filter((name) => !reachedEndpoints.has(name)),
    soqlFeatures: sorted(featureCounts(counts.queries)),
    errorCodes: sorted(counts.errorCodes),
    unemulated: [...counts.unemulated].sort((a, b) => b.count - a.count),
  }
}

/** Each distinct query is parsed once, however often it ran. */
function featureCounts(queries: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [text, count] of Object.entries(queries)) {
    if (text === OTHER_QUERIES) continue
    for (const feature of soqlFeatures(text)) out[feature] = (out[feature] ?? 0) + count
  }
  return out
}

function sorted(counts: Record<string, number>): Counted[] {
  return Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}

const KIND_LABEL: Record<UnemulatedRequest['kind'], string> = {
  feature_not_enabled: 'FEATURE_NOT_ENABLED',
  unknown_route: 'unknown route',
  ignored_parameter: 'ignored parameter',
}

/** A few lines for a terminal: one per section, then one per unemulated request (at most `limit`). */
export function formatFidelityTable(report: FidelityReport, limit = 20): string {
  const exercised = report.operations.filter((op) => op.count > 0)
  const missing = report.operations.filter((op) => op.count === 0).map((op) => op.name)
  const list = (items: Counted[], max = 8) =>
    items.length === 0
      ? '-'
      : items
          .slice(0, max)
          .map((item) => `${item.name} ×${item.count}`)
          .join(', ') + (items.length > max ? `, … ${items.length - max} more` : '')
  const rows: [string, string][] = [
    [
      'management operations',
      `${exercised.length}/${report.operations.length}${missing.length > 0 ? ` (not exercised: ${missing.join(', ')})` : ''}`,
    ],
    ['native endpoints', list(report.nativeEndpoints)],
    ['SOQL features', list(report.soqlFeatures)],
    ['error codes', list(report.errorCodes)],
    ['not emulated', `${report.unemulated.reduce((sum, request) => sum + request.count, 0)} requests`],
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  const lines = [
    'replica-mock fidelity report',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
  ]
  for (const request of report.unemulated.slice(0, limit)) {
    const test = request.test ? ` — ${request.test}` : ''
    lines.push(
      `    ${KIND_LABEL[request.kind]}: ${request.method} ${request.path} (${request.detail}) ×${request.count}${test}`,
    )
  }
  if (report.unemulated.length > limit)
    lines.push(`    … ${report.unemulated.length - limit} more in the JSON report`)
  return lines.join('\n')
}
