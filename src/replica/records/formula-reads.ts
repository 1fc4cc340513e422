/**
 * @module
 * Formula and roll-up summary fields computed when a record is read: the stored record never
 * holds them, every read path (REST reads through `projectRecord`, SOQL and bulk query through
 * the SOQL data source) takes the record through `withFormulaValues` first. Also the evaluation
 * environment the validation rules of a write use, so formulas and rules read roll-ups as they
 * are now. A formula that errors while evaluating (a division by zero, arithmetic on a blank
 * number) reads as null, as the real API answers a formula in error.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { FormulaEnv, FormulaRecord } from '../formulas/formula-types.js'
import type { MetadataService } from '../metadata/metadata-service.js'
import { computeRollup } from '../rollups/compute-rollup.js'
import type { FieldValue, RecordStore, SObjectRecord } from './record-store.js'

/** How deep computed fields may read other computed fields (a cycle stops here, reading null). */
const MAX_FORMULA_DEPTH = 16

/** What formulas read besides the record: the schema, the records of the app, the mock clock. */
export interface FormulaDeps {
  readonly metadata: MetadataService
  readonly store: RecordStore
  readonly clock: { now(): Date }
}

export interface FormulaEnvOptions {
  /** The record before the write (ISCHANGED, PRIORVALUE, ISNEW). */
  prior?: SObjectRecord | undefined
  /** The id of the User the caller acts as (`$User`). */
  userId?: string | undefined
}

/** The environment formulas of one read or write evaluate in. */
export function createFormulaEnv(deps: FormulaDeps, options: FormulaEnvOptions = {}): FormulaEnv {
  const { metadata, store, clock } = deps
  let depth = 0
  // a formula field read by several rules (or formulas) of one write is computed once
  const computed = new WeakMap<FormulaRecord, Map<FieldDef, FieldValue>>()
  const env: FormulaEnv = {
    now: () => clock.now(),
    record: (id) => store.get(id, { includeDeleted: true }),
    prior: options.prior,
    user: options.userId === undefined ? undefined : store.get(options.userId),
    value(object, field, record) {
      if (field.formula === undefined && field.rollup === undefined) return record[field.name] ?? null
      const known = computed.get(record)?.get(field)
      if (known !== undefined) return known
      if (depth >= MAX_FORMULA_DEPTH) return null
      depth += 1
      try {
        const value = computeValue(object, field, record)
        if (!computed.has(record)) computed.set(record, new Map())
        computed.get(record)!.set(field, value)
        return value
      } finally {
        depth -= 1
      }
    },
  }
  return env

  function computeValue(object: ObjectDef, field: FieldDef, record: FormulaRecord): FieldValue {
    if (field.formula !== undefined) return computeField(metadata, object, field, record, env)
    const rollup = metadata.rollups.of(object, field)
    if (!rollup) return null
    return computeRollup(rollup, record.Id ?? null, store, (childField, child) =>
      env.value(rollup.child, childField, child),
    )
  }
}

function computeField(
  metadata: MetadataService,
  object: ObjectDef,
  field: FieldDef,
  record: SObjectRecord,
  env: FormulaEnv,
): FieldValue {
  const compiled = metadata.formulas.fieldsOf(object).find((entry) => entry.field === field)
  if (!compiled) return null
  // a parent's formula reads with no prior record: ISCHANGED/PRIORVALUE belong to the written record
  const result = compiled.formula.evaluate(record, { ...env, prior: undefined })
  return 'value' in result ? result.value : null
}

/** True when records of `object` carry formula or roll-up fields to compute on read. */
export function hasComputedFields(metadata: MetadataService, object: ObjectDef): boolean {
  return metadata.formulas.fieldsOf(object).length > 0 || metadata.rollups.fieldsOf(object).length > 0
}

/** The record with its object's formula and roll-up fields computed (the record itself when it has none). */
export function withFormulaValues(
  deps: FormulaDeps,
  object: ObjectDef,
  record: SObjectRecord,
  userId?: string,
): SObjectRecord {
  if (!hasComputedFields(deps.metadata, object)) return record
  const env = createFormulaEnv(deps, { userId })
  const out: Record<string, FieldValue> = { ...record }
  for (const { field } of deps.metadata.formulas.fieldsOf(object))
    out[field.name] = env.value(object, field, record)
  for (const { field } of deps.metadata.rollups.fieldsOf(object))
    out[field.name] = env.value(object, field, record)
  return out as SObjectRecord
}
