/**
 * @module
 * What inserting a ContentVersion does beside storing it, as Salesforce Files do, inside the
 * insert's transaction: without a ContentDocumentId it makes the ContentDocument (owner, title,
 * size and type of the version) and its links (to the owner, and to FirstPublishLocationId's
 * record); with one, it becomes that document's latest version (the earlier ones `IsLatest`
 * false, the next `VersionNumber`, the document following its title, size and type).
 * @see https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_contentversion.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { formatDatetime } from '../records/coerce.js'
import type { RecordContext } from '../records/record-context.js'
import type { FieldValue, SObjectRecord } from '../records/record-store.js'

/** Inserts a record with system privileges (record rules and checks run); returns its id. */
export type InsertRecord = (object: string, values: Record<string, FieldValue>) => string

/** Runs after a record is stored by an insert; does nothing unless it is a ContentVersion of the file schema. */
export function afterFileInsert(
  ctx: RecordContext,
  object: ObjectDef,
  version: SObjectRecord,
  user: string,
  insert: InsertRecord,
): void {
  const { store, metadata } = ctx
  if (object.name !== 'ContentVersion' || !('ContentDocumentId' in version)) return
  if (!metadata.findObject('ContentDocument')) return
  const id = version.Id as string
  const follows = {
    Title: version.Title ?? null,
    ContentSize: version.ContentSize ?? null,
    FileType: version.FileType ?? null,
    FileExtension: version.FileExtension ?? null,
    ContentModifiedDate: version.ContentModifiedDate ?? null,
  }
  const existing = version.ContentDocumentId
  if (typeof existing !== 'string') {
    const owner = (version.OwnerId as string | null) ?? user
    const documentId = insert('ContentDocument', {
      ...follows,
      Description: version.Description ?? null,
      OwnerId: owner,
      CreatedById: user,
      LastModifiedById: user,
      LatestPublishedVersionId: id,
    })
    store.update(id, { ContentDocumentId: documentId, VersionNumber: '1', IsLatest: true })
    if (!metadata.findObject('ContentDocumentLink')) return
    const link = (entity: string, shareType: string) =>
      insert('ContentDocumentLink', {
        ContentDocumentId: documentId,
        LinkedEntityId: entity,
        ShareType: shareType,
        Visibility: 'AllUsers',
      })
    link(owner, 'I')
    const first = version.FirstPublishLocationId
    if (typeof first === 'string' && first !== owner) link(first, 'V')
    return
  }
  const earlier = (store.findBy('ContentVersion', 'ContentDocumentId', existing) ?? []).filter(
    (other) => other.Id !== id,
  )
  for (const other of earlier) if (other.IsLatest) store.update(other.Id as string, { IsLatest: false })
  store.update(id, { VersionNumber: String(earlier.length + 1), IsLatest: true })
  const stamp = formatDatetime(ctx.clock.now())
  store.update(existing, {
    ...follows,
    LatestPublishedVersionId: id,
    LastModifiedDate: stamp,
    LastModifiedById: user,
    SystemModstamp: stamp,
  })
}
