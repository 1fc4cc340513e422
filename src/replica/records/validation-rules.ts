/**
 * @module
 * The schema's validation rules on a write: every active rule's `errorConditionFormula` evaluated
 * on the record as it would be saved (the prior record on update, for ISNEW/ISCHANGED/PRIORVALUE).
 * A true condition refuses the write with FIELD_CUSTOM_VALIDATION_EXCEPTION, the rule's
 * `errorMessage` and its `errorDisplayField`. A rule whose evaluation errors refuses the write too,
 * naming the rule and the reason: a rule never passes because it could not be evaluated.
 * @see https://help.salesforce.com/s/articleView?id=sf.fields_defining_field_validation_rules.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { CustomValidationError } from '../errors.js'
import type { RecordContext } from './record-context.js'
import { createFormulaEnv } from './formula-reads.js'
import type { FieldValue, SObjectRecord } from './record-store.js'

export function checkValidationRules(
  ctx: RecordContext,
  object: ObjectDef,
  draft: Readonly<Record<string, FieldValue>>,
  previous: SObjectRecord | undefined,
  userId: string,
): void {
  const rules = ctx.metadata.formulas.rulesOf(object)
  if (rules.length === 0) return
  const env = createFormulaEnv(ctx, { prior: previous, userId })
  for (const { rule, formula } of rules) {
    const result = formula.evaluate(draft, env)
    if ('error' in result) {
      throw new CustomValidationError(
        `Failed to evaluate validation rule ${rule.name}: ${result.error}`,
        displayFields(ctx, object, rule.errorDisplayField),
      )
    }
    if (result.value === true) {
      throw new CustomValidationError(rule.errorMessage, displayFields(ctx, object, rule.errorDisplayField))
    }
  }
}

/** The error's `fields`: the display field's canonical name, none for a record-level error. */
function displayFields(ctx: RecordContext, object: ObjectDef, name: string | undefined): string[] {
  if (name === undefined) return []
  return [ctx.metadata.findField(object, name)?.name ?? name]
}
