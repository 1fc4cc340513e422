/**
 * @module
 * Data replication: the records of an object updated (created or changed) or deleted within a
 * window, as `GET /sobjects/{object}/updated` and `/deleted` answer (docs/crm-replica.md). A
 * record's change time is its `SystemModstamp` (else `LastModifiedDate`); a deleted record is one
 * in the recycle bin, and the delete stamped that field, so nothing is kept per record for it.
 *
 * The window follows Salesforce's rules: seconds are ignored (both ends are cut to the minute);
 * the start must come before the end, not before the org was created ("replication enabled
 * date"), nor further back than 30 days (updated) or 15 days (deleted: the recycle bin); the
 * covered part ends at the current minute (`latestDateCovered`), and more than 600,000 ids is
 * `EXCEEDED_ID_LIMIT`. Every refusal is `INVALID_REPLICATION_DATE`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getupdated.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import { formatDatetime } from './coerce.js'
import type { SObjectRecord } from './record-store.js'

/** More ids than this in one answer is `EXCEEDED_ID_LIMIT`. */
export const REPLICATION_ID_LIMIT = 600_000
/** How far back `updated` reaches, in days. */
export const UPDATED_WINDOW_DAYS = 30
/** How far back `deleted` reaches (the recycle bin keeps deleted records this long), in days. */
export const DELETED_WINDOW_DAYS = 15

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** `YYYY-MM-DDThh:mm[:ss[.sss]]` with `Z` or an offset (`+00:00`, `+0000`), as Salesforce reads a dateTime. */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/

export interface ReplicationRequest {
  /** The `start` and `end` parameters as sent (undefined when missing). */
  start: string | undefined
  end: string | undefined
  now: Date
  /** When the org was created (its Organization's `CreatedDate`), if known. */
  orgCreated: Date | undefined
}

/** What both resources read: the object's records in the recycle bin or out of it. */
export interface ReplicationSource {
  scan(object: string, options: { includeDeleted: boolean }): Iterable<SObjectRecord>
}

export interface UpdatedResult {
  ids: string[]
  latestDateCovered: string
}

export interface DeletedResult {
  deletedRecords: Array<{ id: string; deletedDate: string }>
  earliestDateAvailable: string
  latestDateCovered: string
}

/** Live records whose change time falls within the window, oldest change first. */
export function updatedRecords(
  source: ReplicationSource,
  object: ObjectDef,
  request: ReplicationRequest,
  idLimit = REPLICATION_ID_LIMIT,
): UpdatedResult {
  const window = replicationWindow(request, UPDATED_WINDOW_DAYS)
  const found = changedWithin(source, object, window, { deleted: false, idLimit })
  return { ids: found.map((entry) => entry.id), latestDateCovered: formatDatetime(new Date(window.covered)) }
}

/** Records in the recycle bin deleted within the window, oldest deletion first. */
export function deletedRecords(
  source: ReplicationSource,
  object: ObjectDef,
  request: ReplicationRequest,
  idLimit = REPLICATION_ID_LIMIT,
): DeletedResult {
  const window = replicationWindow(request, DELETED_WINDOW_DAYS)
  const found = changedWithin(source, object, window, { deleted: true, idLimit })
  return {
    deletedRecords: found.map(({ id, at }) => ({ id, deletedDate: formatDatetime(new Date(at)) })),
    earliestDateAvailable: formatDatetime(new Date(window.earliest)),
    latestDateCovered: formatDatetime(new Date(window.covered)),
  }
}

/**
 * The live (or, `deleted`, recycled) records whose change time falls within the window, oldest
 * change first; more than `idLimit` of them throws.
 */
function changedWithin(
  source: ReplicationSource,
  object: ObjectDef,
  window: Window,
  { deleted, idLimit }: { deleted: boolean; idLimit: number },
): Array<{ id: string; at: number }> {
  const stampField = changeStampField(object)
  const found: Array<{ id: string; at: number }> = []
  for (const record of source.scan(object.name, { includeDeleted: deleted })) {
    if ((record.IsDeleted === true) !== deleted) continue
    const at = stampOf(record, stampField)
    if (at === undefined || at < window.start || at >= window.covered) continue
    found.push({ id: record.Id as string, at })
    if (found.length > idLimit) throw idLimitError(idLimit)
  }
  return found.sort((a, b) => a.at - b.at)
}

interface Window {
  /** Inclusive start, ms. */
  start: number
  /** Exclusive end of what the answer covers: the asked end, or the current minute if sooner. */
  covered: number
  /** The earliest start the window allows. */
  earliest: number
}

/** The checked window, both ends cut to the minute; a window Salesforce refuses throws. */
export function replicationWindow(request: ReplicationRequest, days: number): Window {
  const start = parseParam('start', request.start)
  const end = parseParam('end', request.end)
  if (start >= end) {
    throw invalidDate(
      `start (${formatDatetime(new Date(start))}) must be earlier than end (${formatDatetime(new Date(end))}) by at least a minute (seconds are ignored)`,
    )
  }
  const orgCreated = request.orgCreated === undefined ? undefined : toMinute(request.orgCreated.getTime())
  if (orgCreated !== undefined && start < orgCreated) {
    throw invalidDate('startDate before org replication enabled date')
  }
  const now = toMinute(request.now.getTime())
  const earliest = Math.max(now - days * DAY_MS, orgCreated ?? Number.NEGATIVE_INFINITY)
  if (start < earliest) {
    throw invalidDate(
      `start (${formatDatetime(new Date(start))}) is more than ${days} days before now (${formatDatetime(new Date(now))})`,
    )
  }
  return { start, covered: Math.min(end, now), earliest }
}

function parseParam(name: 'start' | 'end', value: string | undefined): number {
  if (value === undefined || value === '') {
    throw new ReplicaError(
      'MISSING_ARGUMENT',
      `Failed to read the request: the ${name} parameter is required`,
    )
  }
  const match = DATETIME.exec(value)
  const ms = match ? Date.parse(normaliseOffset(value)) : Number.NaN
  if (!match || Number.isNaN(ms)) {
    throw invalidDate(
      `${name} "${value}" is not a dateTime (YYYY-MM-DDThh:mm:ss+hh:mm, URL-encoded; a + sent unencoded reads as a space)`,
    )
  }
  return toMinute(ms)
}

/** `+0000` as `+00:00`, which every JavaScript engine parses. */
function normaliseOffset(value: string): string {
  return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
}

function toMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS
}

/** The field a record's change time is read from: `SystemModstamp`, else `LastModifiedDate`. */
function changeStampField(object: ObjectDef): string | undefined {
  const names = new Set(object.fields.map((field) => field.name))
  if (names.has('SystemModstamp')) return 'SystemModstamp'
  return names.has('LastModifiedDate') ? 'LastModifiedDate' : undefined
}

function stampOf(record: SObjectRecord, field: string | undefined): number | undefined {
  const value = field === undefined ? undefined : record[field]
  if (typeof value !== 'string') return undefined
  const ms = Date.parse(normaliseOffset(value))
  return Number.isNaN(ms) ? undefined : ms
}

function invalidDate(message: string): ReplicaError {
  return new ReplicaError('INVALID_REPLICATION_DATE', message)
}

function idLimitError(limit: number): ReplicaError {
  return new ReplicaError(
    'EXCEEDED_ID_LIMIT',
    `More than ${limit} ids match: choose start and end dates that are closer together`,
  )
}

/** When the org was created: its Organization record's `CreatedDate`, if the schema has one. */
export function orgCreatedDate(source: ReplicationSource, objects: readonly string[]): Date | undefined {
  if (!objects.includes('Organization')) return undefined
  for (const org of source.scan('Organization', { includeDeleted: false })) {
    const ms = stampOf(org, 'CreatedDate')
    if (ms !== undefined) return new Date(ms)
  }
  return undefined
}
