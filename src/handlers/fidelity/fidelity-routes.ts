/**
 * @module
 * `GET /__replica/fidelity`: the fidelity report of everything this mock was asked since it
 * started (or since `DELETE /__replica/fidelity`), as JSON, or as the short table with
 * `?format=text`. Mounted behind the control API's admin token. The report's code loads with the
 * first report asked for.
 */
import { Hono } from 'hono'
import * as z from 'zod'
import { ManagementError } from '../../management/errors.js'
import type { ReplicaRuntime } from '../../runtime/create-runtime.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { valid } from '../http/validate.js'

const ReportQuery = z.strictObject({ format: z.enum(['json', 'text']).default('json') })

export function fidelityRoutes(runtime: ReplicaRuntime) {
  const tally = () => {
    const { usage } = runtime.ctx
    if (!usage) {
      throw new ManagementError('not_found', 'Failed to report fidelity: the mock runs with fidelity off')
    }
    return usage
  }
  return new Hono<ReplicaEnv>()
    .get('/', valid('query', ReportQuery), async (c) => {
      const counts = tally().counts()
      const { fidelityReport, formatFidelityTable } = await import('./fidelity-report.js')
      const report = fidelityReport(counts)
      if (c.req.valid('query').format === 'text') return c.text(`${formatFidelityTable(report)}\n`)
      return c.json(report)
    })
    .delete('/', (c) => {
      tally().clear()
      return c.json({ ok: true })
    })
}
