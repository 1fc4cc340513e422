/**
 * `npm run org-check -- <path>... [--strict]`: loads an org schema the way `serve --schema` does
 * (the public loader, then the replica built over it, every formula compiled), without a server,
 * and prints what compiled: the counts, the coverage of formulas, default values and rules, and
 * each item skipped with its file, line and reason. Exits 1 when the load fails, or (with
 * `--strict`) when anything was skipped.
 */
import { loadOrgSchema, reportSkipped } from '../src/org-schema/index.js'
import { createCrmDataSets } from '../src/replica/crm-data.js'

const args = process.argv.slice(2)
const strict = args.includes('--strict')
const paths = args.filter((arg) => !arg.startsWith('--'))
if (paths.length === 0 || args.some((arg) => arg.startsWith('--') && arg !== '--strict')) {
  console.log(
    'usage: npm run org-check -- <SFDX project, package directory, describe JSON or schema document>... [--strict]',
  )
  process.exit(2)
}

try {
  const started = performance.now()
  const loaded = await loadOrgSchema(paths)
  const crm = createCrmDataSets({ clock: { now: () => new Date() }, schema: loaded.schema })
  const report = reportSkipped(loaded, crm.metadata.formulas.skipped, false)
  const ms = Math.round(performance.now() - started)
  const { counts } = report
  const total = loaded.locations.length
  const compiled = total - counts.skipped
  const rate = total === 0 ? 100 : (100 * compiled) / total
  console.log(`sources: ${report.sources.map((source) => `${source.path} (${source.kind})`).join(', ')}`)
  console.log(
    `loaded in ${ms} ms: ${counts.objects} objects, ${counts.fields} fields, ${counts.validationRules} validation rules, ` +
      `${counts.formulas} formula fields, ${counts.rollups} roll-ups; ${counts.ignored} ignored`,
  )
  console.log(
    `compiled ${compiled} of ${total} formulas, default values and validation rules (${rate.toFixed(1)}%); ${counts.skipped} skipped`,
  )
  for (const item of report.skipped) {
    console.log(
      `  skipped ${item.kind} ${item.item} at ${item.file}${item.line === undefined ? '' : `:${item.line}`}: ${item.reason}`,
    )
  }
  process.exit(strict && counts.skipped > 0 ? 1 : 0)
} catch (error) {
  console.error(`org-check: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
