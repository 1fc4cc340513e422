/**
 * @module
 * The one line `replica-mock serve` prints after loading a user's org schema: which app versions
 * serve it, what was loaded (objects, fields, validation rules, formulas, seed records) and
 * left out, the formulas, default values and rules skipped because they did not compile, and how
 * long the loads took. `GET /__replica/schema` has the full report.
 */
import { kInternals, type ReplicaMock } from '../assemble-replica-mock.js'
import { seconds } from './schema-progress.js'

/** The summary, or undefined when every version serves the built-in demo schema. */
export function schemaSummary(mock: ReplicaMock): string | undefined {
  const { versions } = mock[kInternals].runtime.schemas.report()
  const user = versions.filter((version) => version.schema === 'user')
  if (user.length === 0) return undefined
  // versions loaded from the same sources share one load: count it once
  const loads = new Map(user.map((version) => [JSON.stringify([version.sources, version.data]), version]))
  const total = { objects: 0, fields: 0, validationRules: 0, formulas: 0, ignored: 0, records: 0, loadMs: 0 }
  const skipped = { formula: 0, 'validation-rule': 0, 'default-value': 0 }
  for (const { report, records, loadMs } of loads.values()) {
    total.records += records
    total.loadMs += loadMs
    if (!report) continue
    total.objects += report.counts.objects
    total.fields += report.counts.fields
    total.validationRules += report.counts.validationRules
    total.formulas += report.counts.formulas
    total.ignored += report.counts.ignored
    for (const item of report.skipped) skipped[item.kind] += 1
  }
  const names = user.map((version) => `${version.appId} ${version.version}`).join(', ')
  return (
    `org schema on ${user.length} of ${versions.length} app versions (${names}): ` +
    `${total.objects} objects, ${total.fields} fields, ${total.validationRules} validation rules, ` +
    `${total.formulas} formulas, ${total.records} records; ${total.ignored} ignored` +
    skippedText(skipped) +
    ' (GET /__replica/schema lists them)' +
    `; loaded in ${seconds(total.loadMs)}`
  )
}

/** `; 2 formulas, 3 rules skipped` (what did not compile), or nothing. */
function skippedText(skipped: Record<'formula' | 'validation-rule' | 'default-value', number>): string {
  const parts = [
    plural(skipped.formula, 'formula', 'formulas'),
    plural(skipped['validation-rule'], 'rule', 'rules'),
    plural(skipped['default-value'], 'default value', 'default values'),
  ].filter((part) => part !== '')
  return parts.length === 0 ? '' : `; ${parts.join(', ')} skipped`
}

function plural(count: number, one: string, many: string): string {
  return count === 0 ? '' : `${count} ${count === 1 ? one : many}`
}
