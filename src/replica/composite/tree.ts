/**
 * @module
 * `POST /composite/tree/{object}` (execute stage): creates the planned records in order through
 * `POST /sobjects/{object}`, each child with its parent's new id in its lookup field, all in one
 * transaction. The first record that fails rolls back the whole request, and the answer names it
 * by its referenceId: 201 `{ hasErrors: false, results: [{ referenceId, id }] }` or 400
 * `{ hasErrors: true, results: [{ referenceId, errors }] }`.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/responses_composite_sobject_tree.htm
 */
import type { Dispatch } from './dispatch.js'
import type { TreeNode } from './plan-tree.js'
import { type SaveError, saveErrors } from './save-results.js'
import { type Transact, undoUnless } from './transact.js'

export type TreeResponse =
  | { hasErrors: false; results: Array<{ referenceId: string; id: string }> }
  | { hasErrors: true; results: Array<{ referenceId: string; errors: SaveError[] }> }

/** `base` is `/services/data/vXX.X`. */
export async function runTree(
  nodes: readonly TreeNode[],
  base: string,
  dispatch: Dispatch,
  transact: Transact,
): Promise<TreeResponse> {
  return undoUnless(
    transact,
    async (scope): Promise<TreeResponse> => {
      const ids: string[] = []
      for (const node of nodes) {
        const fields = node.parent
          ? { ...node.fields, [node.parent.field]: ids[node.parent.index] }
          : node.fields
        const response = await dispatch(
          { method: 'POST', url: `${base}/sobjects/${node.object}`, body: fields },
          scope,
        )
        const id = (response.body as { id?: unknown } | null)?.id
        if (response.status !== 201 || typeof id !== 'string') {
          return {
            hasErrors: true,
            results: [{ referenceId: node.referenceId, errors: saveErrors(response.body) }],
          }
        }
        ids.push(id)
      }
      return {
        hasErrors: false,
        results: nodes.map((node, at) => ({ referenceId: node.referenceId, id: ids[at]! })),
      }
    },
    (response) => !response.hasErrors,
  )
}
