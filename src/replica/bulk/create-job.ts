/**
 * @module
 * Creating jobs from a validated body (job-schemas.ts), as the caller's view sees the schema: an
 * ingest job names an object the view sees, and an upsert names an externalId or idLookup field
 * of it (else `INVALIDJOB`, docs/bulk-api.md); a query job's SOQL is compiled and checked against
 * bulk rule 5 now, so a bad query fails the create request, never the job.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/create_job.htm
 */
import { ReplicaError } from '../errors.js'
import { formatApiVersion } from '../metadata/api-version.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import type { IngestJob, QueryJob } from './bulk-job.js'
import type { CreateIngestJobBody, CreateQueryJobBody } from './job-schemas.js'
import { compileBulkQuery, type QueryDeps } from './process-query.js'

/** Who creates the job and when: the fields every new job starts with. */
export interface JobOrigin {
  id: string
  view: MetadataView
  createdById: string
  nowMs: number
}

export function invalidJob(detail: string): ReplicaError {
  return new ReplicaError('INVALIDJOB', `InvalidJob : ${detail}`)
}

export function createIngestJob(
  metadata: MetadataService,
  body: CreateIngestJobBody,
  origin: JobOrigin,
): IngestJob {
  const { view } = origin
  const object = metadata.findObject(body.object, view)
  if (!object) throw invalidJob(`sObject type '${body.object}' is not supported`)
  let externalIdFieldName: string | undefined
  if (body.operation === 'upsert') {
    if (body.externalIdFieldName === undefined) {
      throw invalidJob(
        `External ID was blank for ${object.name}. An External ID must be specified for upsert.`,
      )
    }
    const field = metadata.findField(object, body.externalIdFieldName, view)
    if (!field || !(field.externalId || field.idLookup)) {
      throw invalidJob(
        `Field name provided, ${body.externalIdFieldName} is not an External ID or indexed field for ${object.name}`,
      )
    }
    externalIdFieldName = field.name
  } else if (body.externalIdFieldName !== undefined) {
    throw invalidJob(`externalIdFieldName applies to upsert jobs only, not ${body.operation}`)
  }
  return {
    ...common(origin, body),
    kind: 'ingest',
    object: object.name,
    operation: body.operation,
    ...(externalIdFieldName === undefined ? {} : { externalIdFieldName }),
    ...(body.assignmentRuleId === undefined ? {} : { assignmentRuleId: body.assignmentRuleId }),
  }
}

export function createQueryJob(deps: QueryDeps, body: CreateQueryJobBody, origin: JobOrigin): QueryJob {
  const { compiled, source } = compileBulkQuery(deps, body.query, origin.view, origin.createdById)
  return {
    ...common(origin, body),
    kind: 'query',
    object: compiled.object.def.name,
    operation: body.operation,
    query: body.query,
    compiled,
    source,
  }
}

function common(origin: JobOrigin, body: CreateIngestJobBody | CreateQueryJobBody) {
  return {
    id: origin.id,
    apiVersion: formatApiVersion(origin.view.apiVersion),
    view: origin.view,
    createdById: origin.createdById,
    createdAt: origin.nowMs,
    modifiedAt: origin.nowMs,
    columnDelimiter: body.columnDelimiter,
    lineEnding: body.lineEnding,
    state: 'Open' as const,
    processed: 0,
    failed: 0,
  }
}
