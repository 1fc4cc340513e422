/**
 * @module
 * `POST /composite/graph` (API 50.0+): several graphs, each a composite request that is all or
 * nothing on its own (a savepoint of the request's one transaction), references only within
 * a graph. Graph nodes call sObject rows only. After more than 14 failed graphs the remaining
 * ones are not run and answer `PROCESSING_HALTED`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_graph.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_graph_limits.htm
 */
import { ReplicaError } from '../errors.js'
import type { Dispatch } from './dispatch.js'
import { COMPOSITE, GRAPH } from './limits.js'
import { type PlannedSubrequest, planSubrequests } from './plan-subrequests.js'
import { ReferenceBudget } from './references.js'
import { haltedResult, runSubrequests, type SubrequestResult } from './run-subrequests.js'
import { GraphRequest, itemsAt, parseBody, type SubrequestMethod } from './schemas.js'
import type { SubrequestTarget } from './subrequest-url.js'
import { savepointOf, type Transact, undoUnless } from './transact.js'

export interface GraphPlan {
  graphs: Array<{ graphId: string; items: PlannedSubrequest[] }>
}

export interface GraphResult {
  graphId: string
  graphResponse: { compositeResponse: SubrequestResult[] }
  isSuccessful: boolean
}

const GRAPH_ID = /^[A-Za-z0-9][A-Za-z0-9_]{0,39}$/

/** Methods a node may use, by the number of path segments after `sobjects`. */
const ROW_METHODS: Readonly<Record<number, readonly SubrequestMethod[]>> = {
  1: ['POST'],
  2: ['GET', 'PATCH', 'DELETE'],
  3: ['GET', 'PATCH', 'DELETE', 'POST'],
}

export function planGraphs(body: unknown, version: number): GraphPlan {
  const given = itemsAt(body, 'graphs')
  if (given.length > GRAPH.graphs) limit(`it has ${given.length} graphs; the limit is ${GRAPH.graphs}`)
  const nodes = given.reduce((sum: number, graph) => sum + itemsAt(graph, 'compositeRequest').length, 0)
  if (nodes > GRAPH.nodes) limit(`it has ${nodes} nodes; the limit is ${GRAPH.nodes}`)
  const request = parseBody(GraphRequest, body, 'composite graph request')
  const seen = new Set<string>()
  const distinct = new Set<string>()
  const references = new ReferenceBudget(COMPOSITE.references)
  const graphs = request.graphs.map(({ graphId, compositeRequest }) => {
    if (!GRAPH_ID.test(graphId)) {
      invalid(
        `graphId "${graphId}" must start with a letter or digit, hold only letters, digits and underscores, and be at most 40 characters`,
      )
    }
    if (seen.has(graphId)) invalid(`duplicate graphId "${graphId}"`)
    seen.add(graphId)
    const items = planSubrequests(compositeRequest, {
      what: `graph "${graphId}"`,
      version,
      refuse: refuseNode,
      references,
    })
    const depth = depthOf(items)
    if (depth > GRAPH.depth) limit(`graph "${graphId}" is ${depth} nodes deep; the limit is ${GRAPH.depth}`)
    for (const item of items) {
      distinct.add(`${item.target.version}|${item.method}|${item.target.segments[1]!.toLowerCase()}`)
    }
    return { graphId, items }
  })
  if (distinct.size > GRAPH.distinctNodes) {
    limit(
      `it has ${distinct.size} different nodes (API version, method and object); the limit is ${GRAPH.distinctNodes}`,
    )
  }
  return { graphs }
}

export async function runGraphs(
  plan: GraphPlan,
  dispatch: Dispatch,
  transact: Transact,
): Promise<{ graphs: GraphResult[] }> {
  return transact(async (scope) => {
    const graphs: GraphResult[] = []
    let failures = 0
    for (const { graphId, items } of plan.graphs) {
      if (failures > GRAPH.failures) {
        graphs.push({
          graphId,
          graphResponse: { compositeResponse: items.map(haltedResult) },
          isSuccessful: false,
        })
        continue
      }
      const outcome = await undoUnless(
        savepointOf(scope),
        (within) => runSubrequests(items, dispatch, within, true),
        (run) => !run.failed,
      )
      if (outcome.failed) failures++
      graphs.push({
        graphId,
        graphResponse: { compositeResponse: outcome.results },
        isSuccessful: !outcome.failed,
      })
    }
    return { graphs }
  })
}

function refuseNode(target: SubrequestTarget, method: SubrequestMethod): string | undefined {
  const rows = target.segments.length - 1
  const allowed = target.kind === 'sobjects' ? ROW_METHODS[rows] : undefined
  if (allowed?.includes(method) && target.segments[2] !== 'describe') return undefined
  return `a graph node calls sObject rows only: POST /sobjects/{object}, GET/PATCH/DELETE /sobjects/{object}/{id}, GET/PATCH/DELETE/POST /sobjects/{object}/{field}/{value} (got ${method} /${target.segments.join('/')})`
}

/** The longest chain of references, counting nodes (a node that reads none is 1 deep). */
function depthOf(items: readonly PlannedSubrequest[]): number {
  const depth = new Map<string, number>()
  let deepest = 0
  for (const item of items) {
    let own = 1
    for (const parent of item.dependsOn) own = Math.max(own, (depth.get(parent) ?? 0) + 1)
    depth.set(item.referenceId, own)
    deepest = Math.max(deepest, own)
  }
  return deepest
}

function limit(message: string): never {
  throw new ReplicaError('LIMIT_EXCEEDED', `Failed to run the composite graph request: ${message}`)
}

function invalid(message: string): never {
  throw new ReplicaError('INVALID_INPUT', `Failed to run the composite graph request: ${message}`)
}
