/**
 * @module
 * `/services/data/vXX.X/actions`: invocable actions. Custom Apex actions are the org's code the
 * mock was given (src/replica/apex): listed, described and invoked in the real API's shapes. The
 * replica serves no standard action: their list is empty, and a known one is refused loudly.
 * Other kinds of custom action (flows, quick actions, ...) are not emulated.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_action.meta/api_action/actions_intro.htm
 */
import type { Hono } from 'hono'
import {
  describeApexAction,
  invokeAction,
  listApexActions,
  readInvocation,
} from '../apex/invocable-actions.js'
import { NotFoundError, UnsupportedFeatureError } from '../errors.js'
import { byMethod, resource } from './method-dispatch.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { orgCodeView } from './org-code-view.js'
import { readJsonBody } from './read-json-body.js'
import { jsonValue } from './json-response.js'

/** Kinds of custom action Salesforce has beside Apex, which the replica does not run. */
const OTHER_CUSTOM_KINDS = ['flow', 'quickAction', 'emailAlert', 'sendNotification', 'externalService']

/** Standard actions Salesforce has; the replica runs none of them. */
const STANDARD_ACTIONS = [
  'chatterPost',
  'emailSimple',
  'submit',
  'sendCustomNotification',
  'publishManagedContent',
  'createServiceReport',
  'enqueueWorkItem',
  'activateSessionPermSet',
  'deactivateSessionPermSet',
]

const apexActionResource = byMethod({ GET: describe, POST: invoke })

export function actionsRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/actions', {
    GET: (c) =>
      jsonValue(c, { standard: `${basePath(c)}/actions/standard`, custom: `${basePath(c)}/actions/custom` }),
  })
  // one route per depth, dispatching on its segments: no static segment beside a parameter (method-dispatch.ts)
  app.all('/actions/:kind', (c, next) => {
    const kind = c.req.param('kind')!
    if (kind === 'custom')
      return byMethod({ GET: (ctx) => ctx.json({ apex: `${basePath(ctx)}/actions/custom/apex` }) })(c, next)
    if (kind === 'standard') return byMethod({ GET: (ctx) => ctx.json({ actions: [] }) })(c, next)
    throw new NotFoundError()
  })
  app.all('/actions/:kind/:type', (c, next) => {
    const { kind, type } = c.req.param() as { kind: string; type: string }
    if (kind === 'custom' && type === 'apex') return byMethod({ GET: list })(c, next)
    refuseOtherAction(kind, type)
    throw new NotFoundError()
  })
  app.all('/actions/:kind/:type/:name', (c, next) => {
    const { kind, type } = c.req.param() as { kind: string; type: string }
    if (kind === 'custom' && type === 'apex') return apexActionResource(c, next)
    refuseOtherAction(kind, type)
    throw new NotFoundError()
  })
}

function refuseOtherAction(kind: string, type: string): void {
  if (kind === 'custom' && OTHER_CUSTOM_KINDS.includes(type)) {
    throw new UnsupportedFeatureError(`Custom ${type} actions`)
  }
  if (kind === 'standard' && STANDARD_ACTIONS.includes(type)) {
    throw new UnsupportedFeatureError(`The standard action ${type}`)
  }
}

function list(c: NativeContext) {
  return jsonValue(c, listApexActions(c.get('options').orgCode?.actions() ?? []))
}

function actionOf(c: NativeContext) {
  const name = c.req.param('name')!
  const action = c.get('options').orgCode?.action(name)
  if (!action) throw new NotFoundError(`Failed to find the Apex action "${name}"`)
  return action
}

function describe(c: NativeContext) {
  return jsonValue(c, describeApexAction(actionOf(c)))
}

async function invoke(c: NativeContext) {
  const action = actionOf(c)
  const inputs = readInvocation(action, await readJsonBody(c))
  const { ok, results } = await invokeAction(
    {
      app: c.get('data'),
      environmentId: c.get('native').call.environmentId,
      view: orgCodeView(c),
      action,
      inputs,
    },
    { timeoutMs: c.get('options').orgCode!.timeoutMs, scope: c.get('transaction') },
  )
  return jsonValue(c, results, ok ? 200 : 400)
}
