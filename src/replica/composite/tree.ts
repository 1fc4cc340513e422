/**
 * @module
 * `POST /composite/tree/{object}` (execute stage): creates the planned records in order through
 * the record service, each child with its parent's new id in its lookup field, all in one
 * transaction. The first record that fails rolls back the whole request, and the answer names it
 * by its referenceId: 201 `{ hasErrors: false, results: [{ referenceId, id }] }` or 400
 * `{ hasErrors: true, results: [{ referenceId, errors }] }`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/responses_composite_sobject_tree.htm
 */
import { isReplicaError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import type { RecordService } from '../records/record-service.js'
import type { TreeNode } from './plan-tree.js'
import { type SaveError, saveErrorOf } from './save-results.js'
import { type Transact, undoUnless } from './transact.js'

export type TreeResponse =
  | { hasErrors: false; results: Array<{ referenceId: string; id: string }> }
  | { hasErrors: true; results: Array<{ referenceId: string; errors: SaveError[] }> }

export async function runTree(
  nodes: readonly TreeNode[],
  records: RecordService,
  view: MetadataView,
  transact: Transact,
): Promise<TreeResponse> {
  return undoUnless(
    transact,
    async (): Promise<TreeResponse> => {
      const ids: string[] = []
      for (const node of nodes) {
        const fields = node.parent
          ? { ...node.fields, [node.parent.field]: ids[node.parent.index] }
          : node.fields
        try {
          ids.push(records.create(node.object, fields, view).id)
        } catch (error) {
          if (!isReplicaError(error)) throw error
          return {
            hasErrors: true,
            results: [{ referenceId: node.referenceId, errors: [saveErrorOf(error)] }],
          }
        }
      }
      return {
        hasErrors: false,
        results: nodes.map((node, at) => ({ referenceId: node.referenceId, id: ids[at]! })),
      }
    },
    (response) => !response.hasErrors,
  )
}
