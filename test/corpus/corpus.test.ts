/**
 * Every formula field, default value and validation rule of public Salesforce projects
 * (test/corpus/<project>/items.json) parses, type-checks and compiles: loaded through the public
 * loader with 0 skipped, and each item compiled on its own (also those on objects the replica does
 * not load from source: custom metadata types, managed packages' objects, given by the project's
 * dependencies.json). The rate is printed; anything below 100% fails, naming the item.
 */
import { expect, it } from 'vitest'
import { reportSkipped } from '../../src/org-schema/index.js'
import { CORPUS_PROJECTS, compileItem, corpusApps, corpusItems } from './corpus-schema.js'

it.for(CORPUS_PROJECTS)('%s: every item compiles, at load and on its own', async (project) => {
  const { loaded, crm } = await corpusApps(project)
  const report = reportSkipped(loaded, crm.metadata.formulas.skipped, false)
  const items = corpusItems(project)
  const failures = items.flatMap((item) => {
    const compiled = compileItem(crm.metadata, item)
    return 'unsupported' in compiled
      ? [`${item.object}.${item.name} (${item.file}:${item.line}): ${compiled.unsupported}`]
      : []
  })
  const passed = items.length - failures.length
  console.log(
    `corpus ${project}: ${passed}/${items.length} items parse and type-check (${((100 * passed) / items.length).toFixed(1)}%); ` +
      `the load compiled ${report.counts.formulas} formula fields and ${report.counts.validationRules} rules, ${report.counts.skipped} skipped`,
  )
  expect(report.skipped).toEqual([])
  expect(failures).toEqual([])
})
