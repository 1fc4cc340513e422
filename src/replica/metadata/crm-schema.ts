/**
 * @module
 * @deprecated The CRM schema document's zod schemas live in src/schemas/crm-schema.ts. This
 * re-export only keeps `records/record-store.ts` compiling while it is reworked elsewhere; import
 * from src/schemas instead, and delete this file once nothing imports it.
 */
export type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
