/**
 * @module
 * Record rules (docs/formulas.md): values derived on every write and validation rules
 * that reject one, so a successful write may store something other than what was sent. Each
 * rule checks that its fields exist, so a fixture with another schema simply skips it.
 *
 * - Contact, Lead, User: `Name` = FirstName + LastName.
 * - Contact, Lead: `Email` is stored lower-cased.
 * - Opportunity: `IsClosed`, `IsWon` and (unless sent) `Probability` follow `StageName`, as the
 *   stage's picklist value in the schema says (`stage`); `ExpectedRevenue` = Amount x Probability
 *   / 100; a negative `Amount` is rejected.
 * - Case: `IsClosed` follows `Status` = Closed, `ClosedDate` is stamped when it closes.
 * - Task: `IsClosed` follows `Status` = Completed.
 * - ContentVersion, Attachment, Document: sizes, checksum, file type and extension from the
 *   bytes and the file name (content/file-values.ts).
 */
import type { ObjectDef, OpportunityStage } from '../../schemas/crm-schema.js'
import { CustomValidationError } from '../errors.js'
import { deriveFileValues } from '../content/file-values.js'
import { formatDatetime } from './coerce.js'
import type { FieldValue, SObjectRecord } from './record-store.js'

/** What the `StageName` value means, from the schema's picklist. */
function stageOf(object: ObjectDef, value: FieldValue | undefined): OpportunityStage | undefined {
  const field = object.fields.find((candidate) => candidate.name === 'StageName')
  return field?.picklistValues.find((entry) => entry.value === value)?.stage
}

export interface RuleInput {
  object: ObjectDef
  /** The record as it will be saved (mutable draft, every stored field present). */
  draft: Record<string, FieldValue>
  /** The stored record before this write; undefined on create. */
  previous: SObjectRecord | undefined
  /** Canonical names of the fields this write sent (the keys of its values). */
  sent: { has(name: string): boolean }
  now: Date
}

const has = (draft: Record<string, FieldValue>, ...fields: string[]) =>
  fields.every((field) => field in draft)

/** Fills derived fields and rewrites values, in place. */
export function deriveValues(input: RuleInput): void {
  const { object, draft, previous, sent, now } = input
  const name = object.name

  if (
    (name === 'Contact' || name === 'Lead' || name === 'User') &&
    has(draft, 'Name', 'FirstName', 'LastName')
  ) {
    const parts = [draft.FirstName, draft.LastName].filter((part) => typeof part === 'string' && part !== '')
    draft.Name = parts.length > 0 ? parts.join(' ') : null
  }

  if ((name === 'Contact' || name === 'Lead') && typeof draft.Email === 'string') {
    draft.Email = draft.Email.toLowerCase()
  }

  if (name === 'Opportunity' && has(draft, 'StageName', 'IsClosed', 'IsWon')) {
    const stage = stageOf(object, draft.StageName)
    if (stage) {
      draft.IsClosed = stage.closed
      draft.IsWon = stage.won
      const stageChanged = previous === undefined || previous.StageName !== draft.StageName
      if ('Probability' in draft && stageChanged && !sent.has('Probability'))
        draft.Probability = stage.probability
    }
    if ('ExpectedRevenue' in draft) {
      const { Amount: amount, Probability: probability } = draft
      draft.ExpectedRevenue =
        typeof amount === 'number' && typeof probability === 'number'
          ? Math.round(amount * probability) / 100
          : null
    }
  }

  if (name === 'Case' && has(draft, 'Status', 'IsClosed')) {
    draft.IsClosed = draft.Status === 'Closed'
    if ('ClosedDate' in draft) {
      if (!draft.IsClosed) draft.ClosedDate = null
      else if (!previous?.IsClosed) draft.ClosedDate = formatDatetime(now)
    }
  }

  if (name === 'Task' && has(draft, 'Status', 'IsClosed')) draft.IsClosed = draft.Status === 'Completed'

  deriveFileValues(input)
}

/** Validation rules: throws FIELD_CUSTOM_VALIDATION_EXCEPTION for a record that breaks one. */
export function validateValues(input: RuleInput): void {
  const { object, draft } = input
  if (object.name === 'Opportunity' && typeof draft.Amount === 'number' && draft.Amount < 0) {
    throw new CustomValidationError('Amount cannot be negative.', ['Amount'])
  }
}
