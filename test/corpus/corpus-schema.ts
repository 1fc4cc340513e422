/**
 * @module
 * The corpus of real projects' formulas (test/corpus/<project>/, written by
 * scripts/extract-formula-corpus.ts): each project's extracted source loaded through the public
 * loader over its hand-written dependencies, and each item compiled as the replica compiles it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadOrgSchema } from '../../src/org-schema/index.js'
import { servedFieldType } from '../../src/org-schema/sfdx-field.js'
import { createCrmDataSets } from '../../src/replica/crm-data.js'
import {
  type CompiledFormula,
  compileFormula,
  type FormulaTarget,
} from '../../src/replica/formulas/compile-formula.js'

export const CORPUS_PROJECTS = ['npsp', 'eda', 'outbound-funds', 'volunteers'] as const
export type CorpusProject = (typeof CORPUS_PROJECTS)[number]

export interface CorpusItem {
  kind: 'formula' | 'default-value' | 'validation-rule'
  object: string
  name: string
  /** The field's SFDX type (what a formula returns, or the field a default fills); none for a rule. */
  type?: string
  scale?: number
  blankAsZero?: boolean
  active?: boolean
  /** The file in the repository, and the line of the element holding the text. */
  file: string
  line: number
  text: string
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export function corpusItems(project: CorpusProject): CorpusItem[] {
  return JSON.parse(readFileSync(here(`${project}/items.json`), 'utf8'))
}

/** The project's schema as the replica builds it: its dependencies, then its source. */
export async function corpusApps(project: CorpusProject) {
  const dependencies = here(`${project}/dependencies.json`)
  const loaded = await loadOrgSchema([
    ...(existsSync(dependencies) ? [dependencies] : []),
    here(`${project}/source`),
  ])
  const crm = createCrmDataSets({
    clock: { now: () => new Date('2026-02-01T10:00:00Z') },
    schema: loaded.schema,
  })
  return { loaded, crm }
}

/** One item compiled against the project's schema, or the reason it does not compile. */
export function compileItem(
  metadata: Awaited<ReturnType<typeof corpusApps>>['crm']['metadata'],
  item: CorpusItem,
): CompiledFormula | { unsupported: string } {
  const object = metadata.findObject(item.object)
  if (!object) return { unsupported: `no object ${item.object} in the schema` }
  const type = item.type === undefined ? undefined : servedFieldType(item.type)
  if (item.kind !== 'validation-rule' && !type) return { unsupported: `no field type for ${item.type}` }
  const target: FormulaTarget =
    item.kind === 'validation-rule' ? 'rule' : { field: type!, scale: item.scale ?? 0 }
  const schema = {
    findObject: (name: string) => metadata.findObject(name),
    findField: metadata.findField,
    parentRelationship: (from: Parameters<typeof metadata.parentRelationship>[0], name: string) =>
      metadata.parentRelationship(from, name),
    globals: metadata.schema.formulaGlobals,
  }
  const kind = item.kind === 'validation-rule' ? 'rule' : item.kind === 'formula' ? 'formula' : 'default'
  return compileFormula(item.text, { schema, object, kind, blankAsZero: item.blankAsZero === true }, target)
}
