/**
 * @module
 * What the org's own code looks like to a test: Apex REST handlers and invocable actions written
 * in the test's language. A handler gets plain data (the request as Apex's `RestRequest` holds
 * it, the calling user as `UserInfo`) and the environment's records and event bus, all inside the
 * call's one transaction (docs/apex-rest.md).
 */
import type { PublishedEvent } from '../events/published-event.js'
import type { RecordView } from '../records/record-view.js'
import type { SoqlRow } from '../soql/index.js'

/** Apex's `RestRequest`: the call as the handler sees it. */
export interface ApexRestRequest {
  /** `GET`, `POST`, `PUT`, `PATCH` or `DELETE`. */
  readonly httpMethod: string
  /** The path after `/services/apexrest` (`/orders/v1/42`). */
  readonly requestURI: string
  /** The mapping that matched, as Apex writes it (`/services/apexrest/orders/v1/*`). */
  readonly resourcePath: string
  /** Query parameters (the last value of a repeated one). */
  readonly params: Readonly<Record<string, string>>
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  /** The body as text (empty when there is none). */
  readonly requestBody: string
  /** The body parsed as JSON when it is JSON; undefined otherwise. */
  readonly body: unknown
}

/** Apex's `RestResponse`: what a handler may set instead of (or beside) returning a value. */
export interface ApexRestResponse {
  /** @default 200 */
  statusCode: number
  /** Sent when the handler returns nothing (a string as is; a `Uint8Array` as bytes). */
  responseBody: string | Uint8Array | undefined
  /** Response headers. */
  readonly headers: Record<string, string>
  addHeader(name: string, value: string): void
}

/** Apex's `UserInfo`: the calling user (the credentials' actor). */
export interface ApexUserInfo {
  /** The replica's actor id (`admin`, `integration`, ...). */
  readonly actor: string
  getUserId(): string
  getUserName(): string
  getName(): string
  getFirstName(): string | null
  getLastName(): string
  getUserEmail(): string
  getOrganizationId(): string
  getOrganizationName(): string
}

/**
 * The environment's records as the calling user sees them: the same checks, validation rules,
 * formulas and permissions as a REST call, inside the call's transaction. A failed write throws a
 * `DmlException` (`code`, `fields`); a bad query a `QueryException`.
 */
export interface ApexRecords {
  /** The rows of a SOQL query (all of them, bounded like any query of a native call). */
  query(soql: string): SoqlRow[]
  /** A record as the user sees it, or undefined when there is none (or it is in the recycle bin). */
  get(object: string, id: string, fields?: string | readonly string[]): RecordView | undefined
  /** Inserts a record; returns its id. */
  create(object: string, fields: Readonly<Record<string, unknown>>): string
  update(object: string, id: string, fields: Readonly<Record<string, unknown>>): void
  /** Upsert by an external id field. */
  upsert(
    object: string,
    externalIdField: string,
    value: string,
    fields: Readonly<Record<string, unknown>>,
  ): { id: string; created: boolean }
  /** Moves a record (and its cascading children) to the recycle bin; returns every id deleted. */
  delete(object: string, id: string): string[]
}

/** `Database.SaveResult` of a publish. */
export interface ApexSaveResult {
  id: string | null
  success: boolean
  errors: Array<{ statusCode: string; message: string; fields: string[] }>
}

/** Apex's `EventBus`: publishes platform events after the call commits (none if it rolls back). */
export interface ApexEventBus {
  publish(event: string, fields: Readonly<Record<string, unknown>>): ApexSaveResult
  /** The events this call published so far. */
  published(): readonly PublishedEvent[]
}

/** What every piece of the org's code gets. */
export interface ApexContext {
  readonly environmentId: string
  readonly user: ApexUserInfo
  readonly records: ApexRecords
  readonly eventBus: ApexEventBus
}

export interface ApexRestContext extends ApexContext {
  readonly request: ApexRestRequest
  readonly response: ApexRestResponse
  /** Path parameters: `:name` segments of the route, and `*` for what a trailing wildcard matched. */
  readonly params: Readonly<Record<string, string>>
}

/**
 * An Apex REST handler: what it returns is the JSON body (status `response.statusCode`, 200 by
 * default); returning nothing sends `response.responseBody`. A throw rolls back every write and
 * answers 500 `[{"errorCode":"APEX_ERROR","message":...}]`.
 */
export type ApexRestHandler = (context: ApexRestContext) => unknown

/** Routes: `'METHOD /path'` (or `'/path'` for every method) -> handler; `:name` and `*` segments match. */
export type ApexRestRoutes = Readonly<Record<string, ApexRestHandler>>

/** An input or output parameter of an invocable action (`@InvocableVariable`). */
export interface InvocableParameter {
  name: string
  /** Apex's type name as describe lists it. @default 'STRING' */
  type?: string
  label?: string
  description?: string
  /** Inputs only: an invocation that leaves it out fails. @default false */
  required?: boolean
}

export interface InvocableContext extends ApexContext {
  /** One map of input values per invocation (the request's `inputs`). */
  readonly inputs: ReadonlyArray<Readonly<Record<string, unknown>>>
}

/** An invocable action (`@InvocableMethod`): one call for the whole list of inputs, one output each. */
export interface InvocableActionDefinition {
  label?: string
  description?: string
  inputs?: readonly InvocableParameter[]
  outputs?: readonly InvocableParameter[]
  /**
   * Returns one output per input, in order: an object of output values (a value that is not an
   * object is the `output` value). A throw fails every invocation and rolls back its writes.
   */
  invoke(context: InvocableContext): unknown
}

/** Action name -> definition, or just its `invoke` function. */
export type InvocableActions = Readonly<
  Record<string, InvocableActionDefinition | InvocableActionDefinition['invoke']>
>

/** The org's code as a module exports it (`replica-mock serve --apex ./apex-handlers.mjs`). */
export interface ApexModule {
  apexRest?: ApexRestRoutes
  invocableActions?: InvocableActions
}
