/**
 * @module
 * The formulas, default values and validation rules of a loaded org schema that did not compile
 * (the replica compiles them when it builds over the schema): each named in the load report with
 * its file, the line the reason points at, and the reason. A strict load fails on the first one
 * instead, naming its file and line.
 */
import type { SchemaLoadReport, SkippedItem } from '../schemas/schema-load-report.js'
import type { LoadedOrgSchema } from './load-org-schema.js'
import { OrgSchemaError } from './org-schema-error.js'

/** What the formula compiler answers for one item (src/replica/formulas/schema-formulas.ts). */
export interface UncompiledFormula {
  kind: 'formula' | 'validation-rule' | 'default'
  object: string
  name: string
  reason: string
  /** Where in the formula text (1-based), when the reason points at a place. */
  position?: { line: number; column: number } | undefined
}

const WHAT: Record<UncompiledFormula['kind'], string> = {
  formula: 'formula field',
  'validation-rule': 'validation rule',
  default: 'default value of',
}

/** The report with the uncompiled items listed and counted; a strict load throws on the first. */
export function reportSkipped(
  loaded: Pick<LoadedOrgSchema, 'report' | 'locations'>,
  uncompiled: readonly UncompiledFormula[],
  strict: boolean,
): SchemaLoadReport {
  const skipped = uncompiled.map((item) => skippedItem(loaded, item))
  const first = skipped[0]
  if (strict && first) {
    const more = skipped.length > 1 ? ` (and ${skipped.length - 1} more)` : ''
    throw new OrgSchemaError(
      first.file,
      `strict load: ${WHAT[uncompiled[0]!.kind]} ${first.item} cannot compile: ${first.reason}${more}`,
      first.line === undefined ? undefined : { line: first.line },
    )
  }
  return {
    ...loaded.report,
    counts: { ...loaded.report.counts, skipped: skipped.length },
    skipped,
  }
}

function skippedItem(loaded: Pick<LoadedOrgSchema, 'locations'>, item: UncompiledFormula): SkippedItem {
  const kind = item.kind === 'default' ? 'default-value' : item.kind
  const location = loaded.locations.find(
    (candidate) =>
      candidate.kind === kind &&
      candidate.object.toLowerCase() === item.object.toLowerCase() &&
      candidate.name.toLowerCase() === item.name.toLowerCase(),
  )
  // the formula's first line is the element's line: a reason on its third line is two below
  const line =
    location?.line === undefined ? undefined : location.line + (item.position ? item.position.line - 1 : 0)
  return {
    kind,
    item: `${item.object}.${item.name}`,
    file: location?.file ?? 'built-in schema',
    ...(line === undefined ? {} : { line }),
    reason: item.reason,
  }
}
