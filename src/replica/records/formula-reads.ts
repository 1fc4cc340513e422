/**
 * @module
 * Formula fields computed when a record is read: the stored record never holds them, every read
 * path (REST reads through `projectRecord`, SOQL and bulk query through the SOQL data source)
 * takes the record through `withFormulaValues` first. Also the evaluation environment the
 * validation rules of a write use. A formula that errors while evaluating (a division by zero,
 * arithmetic on a blank number) reads as null, as the real API answers a formula in error.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import type { FormulaEnv, FormulaRecord } from '../formulas/compile-formula.js'
import { fromLiteral } from '../formulas/formula-values.js'
import type { MetadataService } from '../metadata/metadata-service.js'
import type { FieldValue, RecordStore, SObjectRecord } from './record-store.js'

/** How deep formula fields may read other formula fields (a cycle stops here, reading null). */
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
      if (field.formula === undefined) return record[field.name] ?? null
      const known = computed.get(record)?.get(field)
      if (known !== undefined) return known
      if (depth >= MAX_FORMULA_DEPTH) return null
      depth += 1
      try {
        const value = computeField(metadata, object, field, record, env)
        if (!computed.has(record)) computed.set(record, new Map())
        computed.get(record)!.set(field, value)
        return value
      } finally {
        depth -= 1
      }
    },
  }
  return env
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
  return 'literal' in result ? fromLiteral(field.type, result.literal, field.scale) : null
}

/** The record with its object's formula fields computed (the record itself when it has none). */
export function withFormulaValues(
  deps: FormulaDeps,
  object: ObjectDef,
  record: SObjectRecord,
  userId?: string,
): SObjectRecord {
  const compiled = deps.metadata.formulas.fieldsOf(object)
  if (compiled.length === 0) return record
  const env = createFormulaEnv(deps, { userId })
  const out: Record<string, FieldValue> = { ...record }
  for (const { field } of compiled) out[field.name] = env.value(object, field, record)
  return out as SObjectRecord
}
