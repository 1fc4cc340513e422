/**
 * @module
 * The replica's own schema document as a file: today's `CrmSchema` shape plus an optional
 * `schemaVersion`, so a later change of the shape can refuse (or convert) an older document
 * instead of misreading it.
 */
import * as z from 'zod'
import { FormulaGlobals, ObjectDef, PlatformEventDef } from './crm-schema.js'

/** The document version this replica writes and reads. */
export const CRM_SCHEMA_DOCUMENT_VERSION = 1

export const CrmSchemaDocument = z
  .strictObject({
    schemaVersion: z.literal(CRM_SCHEMA_DOCUMENT_VERSION).optional(),
    objects: z.array(ObjectDef).default([]),
    /** `$Label` and `$Api` values of formulas. */
    formulaGlobals: FormulaGlobals.optional(),
    /** Platform events (`Order_Placed__e`) the org publishes. */
    platformEvents: z.array(PlatformEventDef).optional(),
  })
  .refine((document) => document.objects.length > 0 || (document.platformEvents?.length ?? 0) > 0, {
    message: 'A schema document declares at least one object or platform event',
    path: ['objects'],
  })
export type CrmSchemaDocument = z.infer<typeof CrmSchemaDocument>
