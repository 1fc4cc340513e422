/**
 * @module
 * After a child write, the parents whose roll-ups summarise the child run their validation rules
 * again, on their roll-ups as they are now: Salesforce saves the master record when a roll-up
 * summary changes, so a master's rule can refuse the child's insert, update or delete. The error
 * is the master's rule message with no `fields`: its display field is a field of another object.
 * Runs inside the caller's transaction, after the child is written, so a refusal rolls it back.
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_triggers_order_of_execution.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { CustomValidationError } from '../errors.js'
import type { RecordContext } from './record-context.js'
import type { FieldValue } from './record-store.js'
import { checkValidationRules } from './validation-rules.js'

export function checkRollupParents(
  ctx: RecordContext,
  child: ObjectDef,
  versions: ReadonlyArray<Readonly<Record<string, FieldValue>> | undefined>,
  userId: string,
): void {
  for (const { parent, foreignKey } of ctx.metadata.rollups.summarisedBy(child)) {
    if (ctx.metadata.formulas.rulesOf(parent).length === 0) continue
    // the parent before and after the write: a reparented child changes both
    const ids = new Set(
      versions.map((version) => version?.[foreignKey.name]).filter((id) => typeof id === 'string'),
    )
    for (const id of ids) {
      const record = ctx.store.get(id as string)
      if (!record) continue
      try {
        checkValidationRules(ctx, parent, record, record, userId)
      } catch (error) {
        if (error instanceof CustomValidationError) throw new CustomValidationError(error.message, [])
        throw error
      }
    }
  }
}
