/**
 * @module
 * The replica's own schema document as a file: today's `CrmSchema` shape plus an optional
 * `schemaVersion`, so a later change of the shape can refuse (or convert) an older document
 * instead of misreading it.
 */
import * as z from 'zod'
import { FormulaGlobals, ObjectDef } from './crm-schema.js'

/** The document version this replica writes and reads. */
export const CRM_SCHEMA_DOCUMENT_VERSION = 1

export const CrmSchemaDocument = z.strictObject({
  schemaVersion: z.literal(CRM_SCHEMA_DOCUMENT_VERSION).optional(),
  objects: z.array(ObjectDef).min(1),
  /** `$Label` and `$Api` values of formulas. */
  formulaGlobals: FormulaGlobals.optional(),
})
export type CrmSchemaDocument = z.infer<typeof CrmSchemaDocument>
