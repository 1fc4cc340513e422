/**
 * @module
 * Inserting and updating one record inside the caller's transaction: the body parsed, system
 * fields stamped (dates on the mock clock, users from the actor), defaults and auto-numbers filled,
 * the record rules run and the write checks passed before the store changes.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import { FieldValidationError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { formatDatetime, type InputFormat } from './coerce.js'
import { parseInput, type SentValues } from './parse-input.js'
import { perFieldList } from './per-field-list.js'
import type { RecordContext } from './record-context.js'
import { deriveValues, validateValues } from './record-rules.js'
import type { WriteResult } from './record-service-types.js'
import type { FieldValue, SObjectRecord } from './record-store.js'
import { checkRecord, ensureCreateable } from './write-checks.js'

const MODIFIED_STAMP_FIELDS = ['LastModifiedDate', 'SystemModstamp'] as const

/** Inserts a record: `create` as the view's actor (object must be createable), `seed` with system privileges. */
export function insertRecord(
  ctx: RecordContext,
  object: ObjectDef,
  input: unknown,
  view: MetadataView | undefined,
  mode: 'create' | 'seed',
  format: InputFormat,
): WriteResult {
  const { store, metadata } = ctx
  if (mode === 'create') ensureCreateable(metadata, object, view!)
  const values = parseInput(ctx, object, input, view, mode, format)
  const now = ctx.clock.now()
  const stamp = formatDatetime(now)
  const user = ctx.userFor(view?.actor)
  const stored = metadata.storedFields(object)
  const plan = createPlan(stored)
  // a spread of one template per object keeps the drafts' shape (fast properties)
  const draft: Record<string, FieldValue> = { ...plan.template }
  if ('IsDeleted' in draft) draft.IsDeleted = false
  if ('CreatedDate' in draft) draft.CreatedDate = stamp
  if ('CreatedById' in draft) draft.CreatedById = user
  if ('LastModifiedDate' in draft) draft.LastModifiedDate = stamp
  if ('LastModifiedById' in draft) draft.LastModifiedById = user
  if ('SystemModstamp' in draft) draft.SystemModstamp = stamp
  if ('OwnerId' in draft) draft.OwnerId = user
  setAll(draft, values)
  if (mode === 'seed' && values.has('CreatedDate')) {
    // a seeded record created in the past was last modified then too, unless told otherwise
    for (const name of MODIFIED_STAMP_FIELDS) if (!values.has(name)) draft[name] = draft.CreatedDate!
  }
  const idIssued = draft.Id === null || draft.Id === undefined
  if (idIssued) draft.Id = store.nextId(object.name)
  for (const field of plan.autoNumbered) {
    if (draft[field.name] === null) draft[field.name] = autoNumber(ctx, object, field)
  }
  deriveValues({ object, draft, previous: undefined, sent: values, now })
  checkRecord(ctx, object, draft, undefined)
  validateValues({ object, draft, previous: undefined, sent: values, now })
  if (mode === 'seed' && store.get(draft.Id as string, { includeDeleted: true })) {
    throw new FieldValidationError('DUPLICATE_VALUE', `duplicate value found: Id ${draft.Id}`, ['Id'])
  }
  // the draft holds every stored field in schema order (the plan's template): stored as it is, not copied
  store.insertBuilt(object.name, draft, idIssued)
  return { object: object.name, id: draft.Id as string }
}

/** Updates the fields `input` sends on `previous` (the caller checked the object is updateable). */
export function updateRecord(
  ctx: RecordContext,
  object: ObjectDef,
  previous: SObjectRecord,
  input: unknown,
  view: MetadataView,
  format: InputFormat,
): WriteResult {
  const id = previous.Id as string
  const values = parseInput(ctx, object, input, view, 'update', format, id)
  const now = ctx.clock.now()
  const stamp = formatDatetime(now)
  const draft: Record<string, FieldValue> = { ...previous }
  setAll(draft, values)
  const user = ctx.userFor(view.actor)
  if ('LastModifiedDate' in draft) draft.LastModifiedDate = stamp
  if ('LastModifiedById' in draft) draft.LastModifiedById = user
  if ('SystemModstamp' in draft) draft.SystemModstamp = stamp
  deriveValues({ object, draft, previous, sent: values, now })
  checkRecord(ctx, object, draft, previous)
  validateValues({ object, draft, previous, sent: values, now })
  // the draft is a copy of the stored record with every change made: stored as it is, not merged again
  ctx.store.updateBuilt(draft)
  return { object: object.name, id }
}

/** What a create starts from, per stored-field list (one per object and metadata): computed once. */
interface CreatePlan {
  /** Every stored field at its default, in schema order. */
  template: Readonly<Record<string, FieldValue>>
  autoNumbered: readonly FieldDef[]
}

const createPlan = perFieldList(
  (stored): CreatePlan => ({
    template: Object.fromEntries(stored.map((field) => [field.name, defaultFor(field)])),
    autoNumbered: stored.filter((field) => field.autoNumber),
  }),
)

/** Sets the values a write sent on its draft. */
function setAll(draft: Record<string, FieldValue>, sent: SentValues): void {
  const { names, values } = sent
  for (let at = 0; at < names.length; at++) draft[names[at]!] = values[at]!
}

function defaultFor(field: FieldDef): FieldValue {
  if (field.defaultValue !== undefined) return field.defaultValue as FieldValue
  const picklistDefault = field.picklistValues.find((entry) => entry.active && entry.defaultValue)
  if (picklistDefault) return picklistDefault.value
  return field.type === 'boolean' ? false : null
}

function autoNumber(ctx: RecordContext, object: ObjectDef, field: FieldDef): string {
  const format = field.displayFormat ?? '{0}'
  const next = ctx.store.nextSequence(`${object.name}.${field.name}`)
  return format.replace(/\{(0+)\}/, (_, zeros: string) => String(next).padStart(zeros.length, '0'))
}
