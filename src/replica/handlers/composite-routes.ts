/**
 * @module
 * The composite resources under `/services/data/vXX.X/composite`: Composite, Composite batch,
 * Composite graph (50.0+) and sObject Tree here, sObject Collections in collections-routes.ts.
 * Each route reads the body, hands it to the protocol's plan (parse + validate: a bad request is a
 * 400 and nothing runs) and run (execute) stages in `../composite`, and writes the answer. The
 * stages load with the first composite request (lazy-handler.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite.htm
 */
import type { Hono } from 'hono'
import { GRAPH } from '../composite/limits.js'
import { NotFoundError } from '../errors.js'
import { parseApiVersion } from '../metadata/api-version.js'
import { collectionsRoutes } from './collections-routes.js'
import { resource } from './method-dispatch.js'
import { basePath, type NativeContext, type NativeEnv } from './native-env.js'
import { readJsonBody } from './read-json-body.js'
import { withLoaded } from './lazy-handler.js'
import { createDispatch, type FetchRoutes, transactFor } from './subrequest-dispatch.js'
import { jsonValue } from './json-response.js'

export type { FetchRoutes } from './subrequest-dispatch.js'

const composite = () => import('../composite/index.js')

/** `fetchRoutes` runs a subrequest through the replica's routes (the app these are part of). */
export function compositeRoutes(app: Hono<NativeEnv>, fetchRoutes: FetchRoutes): void {
  resource(app, '/composite', {
    GET: listComposite,
    POST: (c) =>
      withLoaded(c, composite, async ({ planComposite, runComposite }) => {
        const plan = planComposite(readJsonBody(c), versionOf(c))
        return jsonValue(c, await runComposite(plan, createDispatch(c, fetchRoutes), transactFor(c)))
      }),
  })
  resource(app, '/composite/batch', {
    POST: (c) =>
      withLoaded(c, composite, async ({ planBatch, runBatch }) => {
        const plan = planBatch(readJsonBody(c), versionOf(c))
        return jsonValue(c, await runBatch(plan, createDispatch(c, fetchRoutes)))
      }),
  })
  resource(app, '/composite/graph', {
    POST: (c) => {
      if (versionOf(c) < GRAPH.since) throw new NotFoundError()
      return withLoaded(c, composite, async ({ planGraphs, runGraphs }) => {
        const plan = planGraphs(readJsonBody(c), versionOf(c))
        return jsonValue(c, await runGraphs(plan, createDispatch(c, fetchRoutes), transactFor(c)))
      })
    },
  })
  resource(app, '/composite/tree/:object', {
    POST: (c) =>
      withLoaded(c, composite, async ({ planTree, runTree }) => {
        const { metadata } = c.get('data')
        const view = c.get('view')
        const object = metadata.getObject(c.req.param('object')!, view)
        const nodes = planTree(readJsonBody(c), object, metadata, view)
        const answer = await runTree(nodes, c.get('data').records, view, transactFor(c))
        return jsonValue(c, answer, answer.hasErrors ? 400 : 201)
      }),
  })
  collectionsRoutes(app)
}

/** `GET /composite`: the composite resources this version serves. */
function listComposite(c: NativeContext) {
  const base = `${basePath(c)}/composite`
  const resources: Record<string, string> = {
    batch: `${base}/batch`,
    tree: `${base}/tree`,
    sobjects: `${base}/sobjects`,
  }
  if (versionOf(c) >= GRAPH.since) resources.graph = `${base}/graph`
  return jsonValue(c, resources)
}

export function versionOf(c: NativeContext): number {
  return parseApiVersion(c.get('view').apiVersion)!
}
