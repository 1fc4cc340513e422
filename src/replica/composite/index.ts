/**
 * @module
 * The composite family of the REST API — Composite, Composite batch, Composite graph, sObject
 * Tree and sObject Collections — each as parse -> validate (`plan*`) -> execute (`run*`).
 * Composite, batch and graph subrequests may call any REST resource, so the native handlers
 * supply a `Dispatch` that sends each through the replica's own routes; sObject Tree and
 * Collections save records, so they call the record service. Each runs in a `Transact` (a store
 * transaction, or a savepoint of the one a subrequest runs in).
 */
export { type BatchPlan, planBatch, runBatch } from './batch.js'
export {
  type CollectionsPlan,
  planCreate,
  planDelete,
  planUpdate,
  planUpsert,
} from './collections/plan-collections.js'
export { planRetrieve, type RetrievePlan, runRetrieve } from './collections/retrieve.js'
export { runCollection } from './collections/run-collections.js'
export { type CompositePlan, planComposite, runComposite } from './composite.js'
export type { Dispatch, Subrequest, Subresponse } from './dispatch.js'
export { type GraphPlan, planGraphs, runGraphs } from './graph.js'
export { COLLECTIONS, GRAPH } from './limits.js'
export { planTree, type TreeNode } from './plan-tree.js'
export { CollectionsRetrieve, parseBody } from './schemas.js'
export { savepointOf, type Transact } from './transact.js'
export { runTree, type TreeResponse } from './tree.js'
