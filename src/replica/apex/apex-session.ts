/**
 * @module
 * What one call of the org's code works with: the records API, the event bus and `UserInfo` of
 * the calling user, over the environment app's record service (the same checks, rules, formulas
 * and permissions as a REST call). The session ends with the call: a handler that goes on
 * working after it returned or timed out is refused, so nothing it does lands outside the call's
 * transaction.
 */
import type { CrmData } from '../crm-data.js'
import { isReplicaError, NotFoundError, ReplicaError } from '../errors.js'
import { versionBasePath } from '../metadata/api-version.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import type { PublishedEvent } from '../events/published-event.js'
import { DmlException, type DmlOperation, QueryException } from './apex-exceptions.js'
import type { ApexContext, ApexEventBus, ApexRecords, ApexUserInfo } from './apex-types.js'

export interface ApexSession {
  readonly context: ApexContext
  /** Ends the session: every later use of its records or event bus throws. */
  close(): void
}

export function openApexSession(app: CrmData, environmentId: string, view: MetadataView): ApexSession {
  let open = true
  const check = () => {
    if (!open) {
      throw new Error(
        '[replica-mock] Failed to use the records of an Apex call that has ended: the handler went on after it returned or timed out',
      )
    }
  }
  const published: PublishedEvent[] = []
  const context: ApexContext = {
    environmentId,
    user: userInfo(app, view.actor),
    records: createApexRecords(app, view, check),
    eventBus: createApexEventBus(app, view, check, published),
  }
  return {
    context,
    close() {
      open = false
    },
  }
}

function createApexRecords(app: CrmData, view: MetadataView, check: () => void): ApexRecords {
  const { records, metadata } = app
  const dml = <R>(operation: DmlOperation, work: () => R): R => {
    check()
    try {
      return work()
    } catch (error) {
      throw isReplicaError(error) ? new DmlException(operation, error) : error
    }
  }
  const base = versionBasePath(view.apiVersion)
  return {
    query(soql) {
      check()
      try {
        const rows = app.openQuery(soql, view, { recordUrl: (type, id) => `${base}/sobjects/${type}/${id}` })
        return rows.slice(0, rows.length)
      } catch (error) {
        throw isReplicaError(error) ? new QueryException(error) : error
      }
    },
    get(object, id, fields) {
      check()
      try {
        return records.read(object, id, view, { fields })
      } catch (error) {
        if (error instanceof NotFoundError && metadata.findObject(object, view)) return undefined
        throw isReplicaError(error) ? new QueryException(error) : error
      }
    },
    create: (object, fields) => dml('Insert', () => records.create(object, fields, view).id),
    update(object, id, fields) {
      dml('Update', () => records.update(object, id, fields, view))
    },
    upsert: (object, field, value, fields) =>
      dml('Upsert', () => {
        const result = records.upsert(object, field, value, fields, view)
        if (result.status === 'multiple') {
          const message = `${field}: more than one record found for external id field: [${result.ids.join(', ')}]`
          throw new ReplicaError('DUPLICATE_EXTERNAL_ID', message, [field])
        }
        return { id: result.id, created: result.status === 'created' }
      }),
    delete: (object, id) => dml('Delete', () => records.delete(object, id, view).deleted),
  }
}

function createApexEventBus(
  app: CrmData,
  view: MetadataView,
  check: () => void,
  published: PublishedEvent[],
): ApexEventBus {
  return {
    publish(name, fields) {
      check()
      const type = app.events.types.find(name)
      if (!type) {
        const declared = app.events.types.all().map((event) => event.name)
        throw new TypeError(
          `[replica-mock] Failed to publish "${name}": the org schema declares no such platform event (declared: ${declared.join(', ') || 'none'})`,
        )
      }
      try {
        const event = app.events.publish(type, fields, app.records.userFor(view.actor))
        published.push(event)
        return { id: event.id, success: true, errors: [] }
      } catch (error) {
        if (!isReplicaError(error)) throw error
        const item = { statusCode: error.code, message: error.message, fields: [...error.fields] }
        return { id: null, success: false, errors: [item] }
      }
    },
    published: () => [...published],
  }
}

function userInfo(app: CrmData, actor: string): ApexUserInfo {
  const userId = app.records.userFor(actor)
  const user = app.store.get(userId) ?? {}
  const organization = app.organizationId === undefined ? undefined : app.store.get(app.organizationId)
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const firstName = text(user.FirstName)
  const lastName = text(user.LastName) ?? ''
  return {
    actor,
    getUserId: () => userId,
    getUserName: () => text(user.Username) ?? '',
    getName: () => (firstName ? `${firstName} ${lastName}` : lastName),
    getFirstName: () => firstName,
    getLastName: () => lastName,
    getUserEmail: () => text(user.Email) ?? '',
    getOrganizationId: () => app.organizationId ?? '',
    getOrganizationName: () => text(organization?.Name) ?? '',
  }
}
