/**
 * @module
 * Deleting moves records to the recycle bin (`IsDeleted = true`, hidden unless `includeDeleted`):
 * the record and every record that cascades from it, and clears the non-cascading references to
 * them held by records that stay. A live child on a restricting lookup (`deleteConstraint`
 * Restrict) refuses the whole delete. Runs inside the caller's transaction.
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import { formatDatetime } from './coerce.js'
import { findMatches, recordForWrite } from './find-records.js'
import type { RecordContext } from './record-context.js'
import type { DeleteResult } from './record-service-types.js'
import type { FieldValue, SObjectRecord } from './record-store.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { checkRollupParents } from './rollup-parents.js'

/** Deletes the live record `id` of `object` as the view's actor (the caller checked the object is deletable). */
export function deleteRecord(
  ctx: RecordContext,
  object: ObjectDef,
  id: string,
  view: MetadataView,
): DeleteResult {
  const found = recordForWrite(ctx.store, object, id)
  const result: DeleteResult = { object: object.name, id: found.Id as string, deleted: [], cleared: [] }
  const user = ctx.userFor(view.actor)
  recycle(ctx, object, found, user, formatDatetime(ctx.clock.now()), result)
  // the master of a deleted detail record is saved again, its roll-ups one child short
  checkRollupParents(ctx, object, [found], user)
  return result
}

/**
 * Moves `root` and every record that cascades from it to the recycle bin, then clears the
 * non-cascading references to them held by records that stay.
 */
function recycle(
  ctx: RecordContext,
  object: ObjectDef,
  root: SObjectRecord,
  user: string,
  stamp: string,
  result: DeleteResult,
): void {
  const { store, metadata } = ctx
  const doomed = new Map<string, ObjectDef>()
  const clears: Array<{ id: string; field: string }> = []
  const blockers: Array<{ record: SObjectRecord; child: ObjectDef; parentId: string }> = []
  const visit = (parentObject: ObjectDef, parentId: string) => {
    doomed.set(parentId, parentObject)
    for (const relationship of metadata.childRelationships(parentObject)) {
      const child = metadata.getObject(relationship.childSObject)
      const field = metadata.findField(child, relationship.field)!
      for (const dependent of findMatches(store, child, field, parentId)) {
        const id = dependent.Id as string
        if (doomed.has(id)) continue
        if (relationship.cascadeDelete) visit(child, id)
        else if (relationship.restrictedDelete) blockers.push({ record: dependent, child, parentId })
        else clears.push({ id, field: field.name })
      }
    }
  }
  visit(object, root.Id as string)
  // a restricting child deleted along with the parent (a cascade reached it) does not block
  const blocker = blockers.find(({ record }) => !doomed.has(record.Id as string))
  if (blocker)
    throw restrictedDeleteError(store.get(blocker.parentId)!, doomed, blocker.child, blocker.record)
  for (const id of doomed.keys()) {
    const found = store.get(id)!
    const changes: Record<string, FieldValue> = { IsDeleted: true }
    if ('LastModifiedDate' in found) changes.LastModifiedDate = stamp
    if ('LastModifiedById' in found) changes.LastModifiedById = user
    if ('SystemModstamp' in found) changes.SystemModstamp = stamp
    store.update(id, changes)
    result.deleted.push(id)
  }
  for (const { id, field } of clears) {
    if (doomed.has(id)) continue
    store.update(id, { [field]: null })
    if (!result.cleared.includes(id)) result.cleared.push(id)
  }
}

/** Salesforce's refusal to delete a record a restricting lookup's child still points to. */
function restrictedDeleteError(
  parent: SObjectRecord,
  doomed: ReadonlyMap<string, ObjectDef>,
  child: ObjectDef,
  record: SObjectRecord,
): ReplicaError {
  const parentObject = doomed.get(parent.Id as string)!
  return new ReplicaError(
    'DELETE_FAILED',
    `Your attempt to delete ${displayName(parentObject, parent)} could not be completed because it is associated with the following ${child.labelPlural.toLowerCase()}.: ${displayName(child, record)}`,
  )
}

/** A record as Salesforce names it in messages: its name field, else its id. */
function displayName(object: ObjectDef, record: SObjectRecord): string {
  const nameField =
    object.fields.find((field) => field.nameField) ?? object.fields.find((f) => f.name === 'Name')
  const value = nameField ? record[nameField.name] : undefined
  return typeof value === 'string' && value !== '' ? value : (record.Id as string)
}
