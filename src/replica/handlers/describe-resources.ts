/**
 * @module
 * The resources an object's describe `urls` name beside the describe itself
 * (src/replica/metadata/describe-urls.ts), so that every URL a describe lists answers: the layout
 * resources as an org without layouts, approval processes or quick actions of its own answers
 * them (describe-layouts.ts), and a Salesforce-style 404 for those the replica does not model
 * (named layouts, password utilities, article suggestions, quick action default values). List
 * views are their own resource. The sObject routes hand these paths here.
 */
import type { Handler } from 'hono'
import { NotFoundError } from '../errors.js'
import {
  describeApprovalLayouts,
  describeCompactLayouts,
  describeLayout,
  describeLayouts,
  describeQuickActions,
} from '../metadata/describe-layouts.js'
import { MASTER_RECORD_TYPE_ID } from '../metadata/describe.js'
import { normaliseId } from '../ids.js'
import { jsonUtf8 } from './json-response.js'
import { byMethod } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'
import { withoutPreconditions } from './preconditions.js'

/** Resources the replica does not model: their paths answer NOT_FOUND, as the real API answers an unknown one. */
function notModelled(): never {
  throw new NotFoundError()
}

const objectOf = (c: NativeContext) => c.get('data').metadata.getObject(c.req.param('object')!, c.get('view'))

/** `/sobjects/{object}/{name}` resources, by lower-case name. */
const OBJECT_RESOURCES: ReadonlyMap<string, Handler<NativeEnv>> = new Map([
  [
    'quickactions',
    byMethod({
      GET: (c) => {
        objectOf(c)
        return jsonUtf8(c, describeQuickActions())
      },
    }),
  ],
  ['defaultvalues', byMethod({ GET: notModelled })],
  ['suggestedarticles', byMethod({ GET: notModelled })],
])

/** The handler of `/sobjects/{object}/{name}` when `name` is one of the object's describe resources. */
export function objectResource(name: string): Handler<NativeEnv> | undefined {
  const handler = OBJECT_RESOURCES.get(name.toLowerCase())
  return handler && withoutPreconditions(handler)
}

/** `/sobjects/{object}/describe/{name}` resources, by lower-case name. */
const DESCRIBE_RESOURCES: ReadonlyMap<string, (c: NativeContext) => unknown> = new Map<
  string,
  (c: NativeContext) => unknown
>([
  ['layouts', (c) => describeLayouts(c.get('data').metadata, objectOf(c), c.get('view'))],
  [
    'compactlayouts',
    (c) => {
      objectOf(c)
      return describeCompactLayouts()
    },
  ],
  [
    'approvallayouts',
    (c) => {
      objectOf(c)
      return describeApprovalLayouts()
    },
  ],
])

/** `GET /sobjects/{object}/describe/{name}`. */
export const describeResource: Handler<NativeEnv> = withoutPreconditions(
  byMethod({
    GET: (c) => {
      const answer = DESCRIBE_RESOURCES.get(c.req.param('value')!.toLowerCase())
      if (!answer) notModelled()
      return jsonUtf8(c, answer(c))
    },
  }),
)

/**
 * `GET /sobjects/{object}/describe/{name}/{key}`: the layout of a record type (the Master one is
 * the only one); named layouts and anything else are not modelled.
 */
export const describeSubresource: Handler<NativeEnv> = withoutPreconditions(
  byMethod({
    GET: (c) => {
      const object = objectOf(c)
      const [name, key] = [c.req.param('value')!.toLowerCase(), c.req.path.split('/').pop() ?? '']
      if (name !== 'layouts' || normaliseId(key) !== MASTER_RECORD_TYPE_ID) notModelled()
      return jsonUtf8(c, describeLayout(c.get('data').metadata, object, c.get('view')))
    },
  }),
)

/** `/sobjects/{object}/{id}/{name}` resources of a record the replica does not model (`password`, `suggestedArticles`). */
export function isRecordResource(name: string): boolean {
  const lower = name.toLowerCase()
  return lower === 'password' || lower === 'suggestedarticles'
}

export const recordResource: Handler<NativeEnv> = withoutPreconditions(notModelled)
