/**
 * @module
 * Validation of composite and graph subrequests before anything runs: reference ids well formed
 * and unique, URLs the REST API's own (no nested composite, no later API version), no body on a
 * GET or DELETE, well-formed headers and none the request itself sets, and every reference
 * naming a subrequest that runs earlier — an unknown, self, forward or (so) circular reference is
 * refused, and nothing is written. Each failure is a 400 in the native error format.
 */
import { ReplicaError } from '../errors.js'
import { formatApiVersion } from '../metadata/api-version.js'
import { type Reference, type ReferenceBudget, referencesIn, referencesInText } from './references.js'
import type { CompositeSubrequest, SubrequestMethod } from './schemas.js'
import { parseSubrequestUrl, type SubrequestTarget } from './subrequest-url.js'

export interface PlannedSubrequest {
  referenceId: string
  method: SubrequestMethod
  /** The URL as sent, references unresolved. */
  url: string
  /** The JSON body as sent, references unresolved; undefined for none. */
  body: unknown
  headers: Readonly<Record<string, string>> | undefined
  target: SubrequestTarget
  /** The reference ids this subrequest reads (in its URL and body). */
  dependsOn: ReadonlySet<string>
}

export interface PlanOptions {
  /** `composite` or `graph`, for messages. */
  what: string
  /** The request's own API version: a subrequest may not call a later one. */
  version: number
  /** A message when the resource refuses what the subrequest calls (the graph's URL rule). */
  refuse?: (target: SubrequestTarget, method: SubrequestMethod) => string | undefined
  /** The references the whole request may hold (a graph request shares one over its graphs). */
  references: ReferenceBudget
}

const REFERENCE_ID = /^[A-Za-z0-9][A-Za-z0-9_]*$/
/** Headers every subrequest inherits from the request itself; setting them is refused. */
const INHERITED = new Set(['accept', 'authorization', 'content-type'])
/** What a Fetch `Headers` takes: a name that is an RFC 9110 token, a value without NUL, CR or LF. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const NOT_IN_VALUE = /[\0\r\n]/

export function planSubrequests(
  list: readonly CompositeSubrequest[],
  options: PlanOptions,
): PlannedSubrequest[] {
  const order = new Map<string, number>()
  list.forEach((sub, index) => {
    const name = `${options.what} subrequest ${index} ("${sub.referenceId}")`
    if (!REFERENCE_ID.test(sub.referenceId)) {
      invalid(
        `${name}: a referenceId starts with a letter or digit and holds only letters, digits and underscores`,
      )
    }
    if (order.has(sub.referenceId))
      invalid(`Duplicate referenceId "${sub.referenceId}" in the ${options.what} request`)
    order.set(sub.referenceId, index)
  })
  return list.map((sub, index) => planOne(sub, index, order, options))
}

function planOne(
  sub: CompositeSubrequest,
  index: number,
  order: ReadonlyMap<string, number>,
  options: PlanOptions,
): PlannedSubrequest {
  const name = `${options.what} subrequest "${sub.referenceId}"`
  const target = parseSubrequestUrl(sub.url)
  if (target.version > options.version) {
    invalid(
      `${name} calls API version ${formatApiVersion(target.version)}, later than the request's own ${formatApiVersion(options.version)}`,
    )
  }
  if (target.kind === 'composite') {
    invalid(
      `${name} calls ${sub.url}: a composite request cannot contain another (sObject Collections excepted)`,
    )
  }
  const refused = options.refuse?.(target, sub.method)
  if (refused) invalid(`${name}: ${refused}`)
  const hasBody = sub.body !== undefined && sub.body !== null
  if (hasBody && (sub.method === 'GET' || sub.method === 'DELETE')) {
    invalid(`${name}: a ${sub.method} subrequest has no body`)
  }
  for (const [header, value] of Object.entries(sub.httpHeaders ?? {})) {
    if (!HEADER_NAME.test(header) || NOT_IN_VALUE.test(value)) {
      invalid(`${name}: the header ${JSON.stringify(header)} has a name or value HTTP does not allow`)
    }
    if (INHERITED.has(header.toLowerCase())) {
      invalid(`${name}: the ${header} header comes from the request itself and cannot be set on a subrequest`)
    }
  }
  const references = referencesIn(sub.body, options.references, referencesInText(sub.url, options.references))
  for (const reference of references) checkOrder(reference, index, order, name)
  return {
    referenceId: sub.referenceId,
    method: sub.method,
    url: sub.url,
    body: hasBody ? sub.body : undefined,
    headers: sub.httpHeaders,
    target,
    dependsOn: new Set(references.map((reference) => reference.referenceId)),
  }
}

/** A reference must name a subrequest that runs before this one. */
function checkOrder(reference: Reference, index: number, order: ReadonlyMap<string, number>, name: string) {
  const at = order.get(reference.referenceId)
  const where = `${name} refers to @{${reference.expression}}`
  if (at === undefined) invalid(`${where}, but no subrequest has the referenceId "${reference.referenceId}"`)
  if (at === index) invalid(`${where}: a subrequest cannot refer to itself`)
  if (at > index) {
    invalid(`${where}, but "${reference.referenceId}" runs after it: a reference names an earlier subrequest`)
  }
}

function invalid(message: string): never {
  throw new ReplicaError('INVALID_INPUT', `Failed to run the request: ${message}`)
}
