/**
 * @module
 * Inserting and updating one record inside the caller's transaction: the bound body parsed, system
 * fields stamped (dates on the mock clock, users from the actor), defaults (literal or formula) and
 * auto-numbers filled, the record rules run and the write checks passed before the store changes;
 * then an inserted file version makes or updates its document (content/content-documents.ts), and
 * the masters whose roll-ups the record feeds check their rules. The caller checked the actor
 * may create or update the object.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { FieldValidationError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { coerceValue, formatDatetime, type InputFormat } from './coerce.js'
import { createFormulaEnv } from './formula-reads.js'
import { afterFileInsert } from '../content/content-documents.js'
import { type BoundBody, bindInput, parseInput } from './parse-input.js'
import type { RecordContext } from './record-context.js'
import { deriveValues, validateValues } from './record-rules.js'
import type { WriteResult } from './record-service-types.js'
import type { FieldValue, SObjectRecord } from './record-store.js'
import { checkRollupParents } from './rollup-parents.js'
import { checkValidationRules } from './validation-rules.js'
import { checkRecord } from './write-checks.js'

const MODIFIED_STAMP_FIELDS = ['LastModifiedDate', 'SystemModstamp'] as const

/** Inserts a record: `create` as the view's actor, `seed` with system privileges. */
export function insertRecord(
  ctx: RecordContext,
  object: ObjectDef,
  body: BoundBody,
  view: MetadataView | undefined,
  mode: 'create' | 'seed',
  format: InputFormat,
): WriteResult {
  const { store } = ctx
  const values = parseInput(ctx, object, body, view, mode, format)
  const now = ctx.clock.now()
  const stamp = formatDatetime(now)
  const user = ctx.userFor(view?.actor)
  const stored = ctx.metadata.storedFields(object)
  const draft: Record<string, FieldValue> = {}
  for (const field of stored) draft[field.name] = defaultFor(field)
  if ('IsDeleted' in draft) draft.IsDeleted = false
  if ('CreatedDate' in draft) draft.CreatedDate = stamp
  if ('CreatedById' in draft) draft.CreatedById = user
  if ('LastModifiedDate' in draft) draft.LastModifiedDate = stamp
  if ('LastModifiedById' in draft) draft.LastModifiedById = user
  if ('SystemModstamp' in draft) draft.SystemModstamp = stamp
  if ('OwnerId' in draft) draft.OwnerId = user
  for (const [name, value] of values) draft[name] = value
  applyDefaultFormulas(ctx, object, draft, values, user)
  if (mode === 'seed' && values.has('CreatedDate')) {
    // a seeded record created in the past was last modified then too, unless told otherwise
    for (const name of MODIFIED_STAMP_FIELDS) if (!values.has(name)) draft[name] = draft.CreatedDate!
  }
  if (draft.Id === null) draft.Id = store.nextId(object.name)
  for (const field of stored) {
    if (field.autoNumber && draft[field.name] === null) draft[field.name] = autoNumber(ctx, object, field)
  }
  deriveValues({ object, draft, previous: undefined, sent: values, now })
  checkRecord(ctx, object, draft, undefined)
  validateValues({ object, draft, previous: undefined, sent: values, now })
  checkValidationRules(ctx, object, draft, undefined, user)
  if (mode === 'seed' && store.get(draft.Id as string, { includeDeleted: true })) {
    throw new FieldValidationError('DUPLICATE_VALUE', `duplicate value found: Id ${draft.Id}`, ['Id'])
  }
  store.insert(object.name, draft)
  afterFileInsert(ctx, object, draft, user, (name, values) => {
    const target = ctx.metadata.getObject(name)
    return insertRecord(ctx, target, bindInput(ctx, target, values, undefined), undefined, 'seed', 'json').id
  })
  checkRollupParents(ctx, object, [draft], user)
  return { object: object.name, id: draft.Id as string }
}

/** Updates the fields `body` sends on `previous`. */
export function updateRecord(
  ctx: RecordContext,
  object: ObjectDef,
  previous: SObjectRecord,
  body: BoundBody,
  view: MetadataView,
  format: InputFormat,
): WriteResult {
  const id = previous.Id as string
  const values = parseInput(ctx, object, body, view, 'update', format, id)
  const now = ctx.clock.now()
  const stamp = formatDatetime(now)
  const draft: Record<string, FieldValue> = { ...previous }
  for (const [name, value] of values) draft[name] = value
  const user = ctx.userFor(view.actor)
  if ('LastModifiedDate' in draft) draft.LastModifiedDate = stamp
  if ('LastModifiedById' in draft) draft.LastModifiedById = user
  if ('SystemModstamp' in draft) draft.SystemModstamp = stamp
  deriveValues({ object, draft, previous, sent: values, now })
  checkRecord(ctx, object, draft, previous)
  validateValues({ object, draft, previous, sent: values, now })
  checkValidationRules(ctx, object, draft, previous, user)
  ctx.store.update(id, draft)
  checkRollupParents(ctx, object, [previous, draft], user)
  return { object: object.name, id }
}

function defaultFor(field: FieldDef): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue as FieldValue
  const picklistDefault = field.picklistValues.find((entry) => entry.active && entry.defaultValue)
  if (picklistDefault) return picklistDefault.value
  return field.type === 'boolean' ? false : null
}

/**
 * The default value formulas of the fields the write leaves out, on the environment's clock and as
 * the acting user. One that errors while evaluating leaves the field blank, as a formula field in
 * error reads; a result the field cannot hold fails the create as a sent value would.
 */
function applyDefaultFormulas(
  ctx: RecordContext,
  object: ObjectDef,
  draft: Record<string, FieldValue>,
  sent: ReadonlyMap<string, FieldValue>,
  userId: string,
): void {
  const defaults = ctx.metadata.formulas.defaultsOf(object)
  if (defaults.length === 0) return
  const env = createFormulaEnv(ctx, { userId })
  for (const { field, formula } of defaults) {
    if (sent.has(field.name)) continue
    const result = formula.evaluate({}, env)
    const value = 'value' in result ? result.value : null
    // held to the rules a sent value meets: a default too long for its field, outside a number's
    // range or not among a restricted picklist's values fails the create, naming the field
    draft[field.name] = coerceValue(field, value, 'json', ctx.objectNameOfPrefix)
  }
}

function autoNumber(ctx: RecordContext, object: ObjectDef, field: FieldDef): string {
  const format = field.displayFormat ?? '{0}'
  const next = ctx.store.nextSequence(`${object.name}.${field.name}`)
  return format.replace(/\{(0+)\}/, (_, zeros: string) => String(next).padStart(zeros.length, '0'))
}
