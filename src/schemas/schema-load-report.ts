/**
 * @module
 * What loading a user's org schema did: the sources read, every object and field imported, the
 * validation rules, formulas and roll-ups counted, every item left out with its file and the reason,
 * and every formula, default value or rule that did not compile with its file, line and reason.
 * A later step serves it (`GET /__replica/schema`) and prints its summary (`serve`).
 */
import * as z from 'zod'

/**
 * A Salesforce namespace prefix (`GW_Volunteers`, `npsp`): a letter, then letters, digits and
 * single underscores, at most 15 characters.
 */
export const NamespacePrefix = z
  .string()
  .max(15)
  .regex(
    /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*$/,
    'Expected a namespace prefix: a letter, then letters, digits and single underscores',
  )

export const SchemaSourceKind = z.enum([
  'sfdx-project',
  'package-directory',
  /** A folder with `package.xml` at its top: Metadata API format (`objects/<Object>.object`). */
  'metadata-package',
  'describe-folder',
  'describe-file',
  'schema-document',
])
export type SchemaSourceKind = z.infer<typeof SchemaSourceKind>

/**
 * What an ignored item was: `object`/`field` were asked for and are missing from the schema,
 * `detail` is one setting of a loaded field or object the replica does not act on, `metadata`
 * is a kind of metadata the replica has no use for (layouts, list views, ...).
 */
export const IgnoredKind = z.enum(['object', 'field', 'validation-rule', 'detail', 'metadata'])
export type IgnoredKind = z.infer<typeof IgnoredKind>

export const IgnoredItem = z.strictObject({
  kind: IgnoredKind,
  /** `Object`, `Object.Field`, a folder or file name. */
  item: z.string(),
  file: z.string(),
  reason: z.string(),
})
export type IgnoredItem = z.infer<typeof IgnoredItem>

/**
 * A formula field, default value or validation rule that did not compile: skipped (the field
 * reads null, the rule does not run, the default is not filled) unless the load is strict.
 */
export const SkippedItem = z.strictObject({
  kind: z.enum(['formula', 'default-value', 'validation-rule']),
  /** `Object.Field` or `Object.Rule`. */
  item: z.string(),
  file: z.string(),
  /** The line in `file` the reason points at, when the format gives lines. */
  line: z.int().min(1).optional(),
  reason: z.string(),
})
export type SkippedItem = z.infer<typeof SkippedItem>

export const ImportedObject = z.strictObject({
  name: z.string(),
  custom: z.boolean(),
  /** `added` when no earlier schema had it, `merged` over a built-in or earlier source's object. */
  action: z.enum(['added', 'merged']),
  keyPrefix: z.string(),
  /** Fields the sources defined (added or overriding), in schema order. */
  fields: z.array(z.string()),
  validationRules: z.array(z.string()),
  formulas: z.array(z.string()),
  /** Roll-up summary fields the sources defined. */
  rollups: z.array(z.string()).default([]),
  /** The files that contributed, in load order. */
  files: z.array(z.string()),
})
export type ImportedObject = z.infer<typeof ImportedObject>

export const SchemaLoadReport = z.strictObject({
  sources: z.array(z.strictObject({ path: z.string(), kind: SchemaSourceKind })),
  objects: z.array(ImportedObject),
  /** The platform events the sources declare (`Order_Placed__e`). */
  platformEvents: z.array(z.string()).default([]),
  counts: z.strictObject({
    objects: z.int().min(0),
    fields: z.int().min(0),
    validationRules: z.int().min(0),
    formulas: z.int().min(0),
    rollups: z.int().min(0).default(0),
    ignored: z.int().min(0),
    /** Formulas, default values and rules that did not compile (`skipped`). */
    skipped: z.int().min(0).default(0),
  }),
  ignored: z.array(IgnoredItem),
  /** The namespace CumulusCI's tokens resolved to (`schemaNamespace`); absent for none. */
  namespace: NamespacePrefix.optional(),
  /** Milliseconds the load took, reading every source to the checked schema. */
  durationMs: z.number().min(0).default(0),
  skipped: z.array(SkippedItem).default([]),
})
export type SchemaLoadReport = z.infer<typeof SchemaLoadReport>

/**
 * Where a load is, for a progress display: reading a source's objects (`read`, `source` the path
 * or document name) or checking the merged schema's (`check`). Reported as each object is done.
 */
export const SchemaLoadProgress = z.strictObject({
  phase: z.enum(['read', 'check']),
  source: z.string(),
  done: z.int().min(0),
  total: z.int().min(0),
  /** Milliseconds since the load began. */
  elapsedMs: z.number().min(0),
})
export type SchemaLoadProgress = z.infer<typeof SchemaLoadProgress>
