import { loadOrgSchema, reportSkipped } from './src/org-schema/index.js'
import { createCrmApps } from './src/replica/crm-app.js'
for (const p of ['NPSP', 'EDA', 'OutboundFundsModule']) {
  const loaded = await loadOrgSchema([`/tmp/wt55e-corpus/${p}`])
  const crm = createCrmApps({ clock: { now: () => new Date() }, schema: loaded.schema })
  const report = reportSkipped(loaded, crm.metadata.formulas.skipped, false)
  console.log(p, JSON.stringify(report.counts))
  for (const s of report.skipped) console.log('  SKIP', s.item, s.line, s.reason)
  const ign = report.ignored.filter((i) => i.kind !== 'metadata' && i.kind !== 'detail')
  const byReason = new Map<string, number>()
  for (const i of ign) byReason.set(i.kind + ': ' + i.reason.slice(0, 80), (byReason.get(i.kind + ': ' + i.reason.slice(0, 80)) ?? 0) + 1)
  for (const [r, n] of byReason) console.log('  IGN', n, r)
}
