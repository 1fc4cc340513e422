/**
 * @module
 * Conditional requests at the route (src/replica/conditional-requests.ts decides): the routes
 * that honour `If-Match`, `If-None-Match`, `If-Modified-Since` and `If-Unmodified-Since`
 * (describe global, an object's describe, sObject rows by id) read them here, answer `304` with
 * the validators, refuse with `412`, and put `ETag` and `Last-Modified` on their answers. Every
 * other route under `/sobjects` refuses the headers loudly (`refusePreconditions`): answering as
 * if they were absent would be wrong.
 */
import type { Handler } from 'hono'
import {
  CONDITIONAL_HEADERS,
  evaluatePreconditions,
  hasPreconditions,
  metadataValidators,
  parseStoredDatetime,
  type Preconditions,
  toHttpDate,
  type Validators,
} from '../conditional-requests.js'
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { answerWith } from './json-response.js'

export function preconditionsOf(c: NativeContext): Preconditions {
  return {
    ifMatch: c.req.header('if-match'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
    ifUnmodifiedSince: c.req.header('if-unmodified-since'),
  }
}

/** Fails with FEATURE_NOT_ENABLED when the request sent a conditional header this resource does not honour. */
export function refusePreconditions(c: NativeContext): void {
  // synchronous, and the list is built only when one is sent: this runs on every sObject call
  if (CONDITIONAL_HEADERS.some((name) => c.req.header(name) !== undefined)) {
    const sent = CONDITIONAL_HEADERS.filter((name) => c.req.header(name) !== undefined)
    throw new UnsupportedFeatureError(`A conditional request (${sent.join(', ')}) on this resource`)
  }
}

/** `handler`, refusing conditional headers first. */
export function withoutPreconditions(handler: Handler<NativeEnv>): Handler<NativeEnv> {
  return (c, next) => {
    refusePreconditions(c)
    return handler(c, next)
  }
}

/**
 * Before a write (PATCH, DELETE): a failed precondition is 412 PRECONDITION_FAILED; `current`
 * (read only when a conditional header was sent) gives the resource's validators.
 */
export function checkWritePreconditions(c: NativeContext, current: () => Validators): void {
  const preconditions = preconditionsOf(c)
  if (!hasPreconditions(preconditions)) return
  if (evaluatePreconditions(preconditions, current(), false) !== 'proceed') preconditionFailed()
}

/**
 * A read (GET, HEAD) of a resource with `validators`: 304 when the caller's copy is current,
 * 412 when a precondition fails, else `render()`'s answer; each carries the validators.
 */
export function readConditionally(
  c: NativeContext,
  validators: Validators,
  render: () => Response,
): Response {
  const headers = { ETag: validators.etag, 'Last-Modified': toHttpDate(validators.lastModified) }
  const outcome = evaluatePreconditions(preconditionsOf(c), validators, true)
  if (outcome === 'precondition-failed') preconditionFailed()
  if (outcome === 'not-modified') return answerWith(c, null, 304, headers)
  const response = render()
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

/**
 * The validators of the view's describe answers: the org's metadata dates from its creation
 * (the Organization record's CreatedDate; the epoch for an app opened without one).
 */
export function describeValidators(c: NativeContext): Validators {
  const app = c.get('data')
  const view = c.get('view')
  let created = new Date(0)
  if (app.organizationId !== undefined) {
    const organization = app.records.read('Organization', app.organizationId, view, { fields: 'CreatedDate' })
    created = parseStoredDatetime(organization.CreatedDate)
  }
  return metadataValidators(created, String(view.apiVersion), view.actor)
}

function preconditionFailed(): never {
  throw new ReplicaError(
    'PRECONDITION_FAILED',
    'The precondition of the request (If-Match, If-None-Match or If-Unmodified-Since) is not met',
  )
}
