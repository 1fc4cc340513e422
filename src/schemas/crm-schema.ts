/**
 * @module
 * The shape of the CRM replica's schema document (the default one is src/fixtures/crm/): objects,
 * fields and the describe flags the spec names (`createable`, `updateable`, `nillable`, `defaultedOnCreate`,
 * `picklistValues`, `referenceTo`, `externalId`, `idLookup`), plus what makes describe depend on
 * the API version (`sinceVersion`) and on the actor (`hiddenFrom`, object `readOnlyFor`).
 * Everything the replica knows about objects comes from data of this shape.
 */
import * as z from 'zod'
import { ListViewDef } from './crm-list-view.js'
import { RollupDef } from './crm-rollup.js'
import { FieldType } from './field-type.js'

export { FieldType } from './field-type.js'

export const ActorId = z.string().min(1)

/**
 * What a sales stage means (Salesforce's `OpportunityStage`): the record rules set an Opportunity's
 * default `Probability`, `IsClosed` and `IsWon` from the `StageName` value that carries it.
 */
export const OpportunityStage = z.strictObject({
  /** Default `Probability` (percent) of a deal at this stage. */
  probability: z.number().min(0).max(100),
  closed: z.boolean(),
  won: z.boolean(),
})
export type OpportunityStage = z.infer<typeof OpportunityStage>

export const PicklistValue = z.strictObject({
  value: z.string(),
  label: z.string(),
  active: z.boolean().default(true),
  defaultValue: z.boolean().default(false),
  /** On a dependent picklist's values: the controlling field's values (`true`/`false` for a checkbox) it is valid for. */
  validFor: z.array(z.string()).optional(),
  /** On `Opportunity.StageName` values: what the stage means (never part of describe). */
  stage: OpportunityStage.optional(),
})
export type PicklistValue = z.infer<typeof PicklistValue>

export const FieldDef = z.strictObject({
  /** API name, canonical spelling (lookups are case-insensitive). */
  name: z.string().min(1),
  label: z.string(),
  type: FieldType,
  /** Max length for string-like types. */
  length: z.int().min(0).default(0),
  precision: z.int().min(0).default(0),
  scale: z.int().min(0).default(0),
  createable: z.boolean(),
  updateable: z.boolean(),
  nillable: z.boolean(),
  defaultedOnCreate: z.boolean().default(false),
  /** Value set on create when none is given. */
  defaultValue: z.unknown().optional(),
  picklistValues: z.array(PicklistValue).default([]),
  restrictedPicklist: z.boolean().default(false),
  /** A dependent picklist: the field (picklist or checkbox) whose value decides its valid values. */
  controllerName: z.string().optional(),
  referenceTo: z.array(z.string()).default([]),
  /** Parent relationship name on a reference field (`Account` for `AccountId`). */
  relationshipName: z.string().nullable().default(null),
  /** Child relationship name on the parent (`Contacts` for `Contact.AccountId`). */
  childRelationshipName: z.string().nullable().default(null),
  /** Deleting the parent deletes this child (true) or clears the reference (false). */
  cascadeDelete: z.boolean().default(false),
  /** Deleting the parent is refused while a live child points to it (a lookup's `Restrict`). */
  restrictedDelete: z.boolean().default(false),
  externalId: z.boolean().default(false),
  idLookup: z.boolean().default(false),
  unique: z.boolean().default(false),
  /**
   * Unique values and upsert matching keep the case (`ABC` and `abc` are two values); otherwise
   * text compares case-insensitively. Salesforce's "Treat ABC and abc as different values".
   */
  caseSensitive: z.boolean().optional(),
  custom: z.boolean().default(false),
  calculated: z.boolean().default(false),
  autoNumber: z.boolean().default(false),
  /** The record's name field in describe (`nameField`): Account.Name, Case.CaseNumber, Task.Subject. */
  nameField: z.boolean().optional(),
  /** On a component of a compound field (BillingStreet): the compound's name (BillingAddress). */
  compoundFieldName: z.string().optional(),
  /** Auto-number format, `{0000}` marking the zero-padded number (`INV-{0000}`). */
  displayFormat: z.string().optional(),
  /** First API version (e.g. 52) where the field exists; absent = every served version. */
  sinceVersion: z.number().optional(),
  /** Actors that cannot see the field at all (describe, reads, SOQL, writes). */
  hiddenFrom: z.array(ActorId).default([]),
  /** A formula field's expression (Salesforce formula syntax); `type` is what it returns. */
  formula: z.string().optional(),
  /**
   * A formula field treats blank number fields as zeroes (Salesforce's "Treat blank fields as
   * zeroes", SFDX `formulaTreatBlanksAs` BlankAsZero); otherwise a blank reads blank.
   */
  formulaTreatNullNumberAsZero: z.boolean().optional(),
  /**
   * A default value given as a formula (`TODAY() + 7`, `$User.Email`): evaluated on create when the
   * write leaves the field out. It reads globals and the clock, never the record's own fields.
   */
  defaultValueFormula: z.string().optional(),
  /** A roll-up summary field: computed from its master-detail children (`type` is what it returns). */
  rollup: RollupDef.optional(),
})
export type FieldDef = z.infer<typeof FieldDef>
export type FieldDefInput = z.input<typeof FieldDef>

/** A validation rule: a write whose record makes `errorConditionFormula` true is refused. */
export const ValidationRule = z.strictObject({
  name: z.string().min(1),
  active: z.boolean().default(true),
  errorConditionFormula: z.string().min(1),
  errorMessage: z.string(),
  /** The field the error names (`fields` of the error), none for a record-level error. */
  errorDisplayField: z.string().optional(),
  description: z.string().optional(),
})
export type ValidationRule = z.infer<typeof ValidationRule>

export const ObjectDef = z.strictObject({
  name: z.string().min(1),
  label: z.string(),
  labelPlural: z.string(),
  /** Three-character record id prefix (`001` Account). */
  keyPrefix: z.string().length(3),
  custom: z.boolean().default(false),
  createable: z.boolean(),
  updateable: z.boolean(),
  deletable: z.boolean(),
  queryable: z.boolean().default(true),
  /** Actors for whom the object is read-only whatever the flags say. */
  readOnlyFor: z.array(ActorId).default([]),
  sinceVersion: z.number().optional(),
  fields: z.array(FieldDef).min(1),
  validationRules: z.array(ValidationRule).default([]),
  /** The object's list views (src/schemas/crm-list-view.ts); none: Salesforce's default views. */
  listViews: z.array(ListViewDef).optional(),
})
export type ObjectDef = z.infer<typeof ObjectDef>
export type ObjectDefInput = z.input<typeof ObjectDef>

/** A value a formula global reads as: text, a number, a checkbox or blank. */
export const GlobalValue = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type GlobalValue = z.infer<typeof GlobalValue>

const GlobalValues = z.record(z.string(), GlobalValue)

/** Values of the formula globals the user sets (docs/formulas.md, src/replica/formulas/formula-globals.ts). */
export const FormulaGlobals = z.strictObject({
  /** `$Label.<Name>`: custom label name -> text. A name not given fails the formula. */
  label: z.record(z.string(), z.string()).default({}),
  /** `$Api.<Name>`: over the replica's defaults (`Session_ID`, `Partner_Server_URL_600`, ...). */
  api: z.record(z.string(), z.string()).default({}),
  /** `$User.<Name>` for names the User object does not have (`UIThemeDisplayed`). */
  user: GlobalValues.optional(),
  /** `$Profile.<Field>`, `$UserRole.<Field>`, `$Organization.<Field>`: the caller's, fixed per schema. */
  profile: GlobalValues.optional(),
  userRole: GlobalValues.optional(),
  organization: GlobalValues.optional(),
  /** `$Permission.<Name>`: custom permissions the caller has (others read false). */
  permission: z.record(z.string(), z.boolean()).optional(),
  /** `$Setup.<Setting>.<Field>`: hierarchy custom setting values (others read blank). */
  setup: z.record(z.string(), GlobalValues).optional(),
})
export type FormulaGlobals = z.infer<typeof FormulaGlobals>

/** The field types a platform event's custom fields may have (Checkbox, Date, Date/Time, Number, Text, Long Text Area). */
export const PLATFORM_EVENT_FIELD_TYPES: readonly FieldType[] = [
  'boolean',
  'date',
  'datetime',
  'double',
  'string',
  'textarea',
]

/**
 * A platform event of the org (`Order_Placed__e`): published (`POST /sobjects/{event}`,
 * composite, sObject Collections, an Apex REST handler), never stored as a record. `fields` are
 * its custom fields; the replica adds the standard ones every event carries (`ReplayId`,
 * `EventUuid`, `CreatedDate`, `CreatedById`).
 * @see https://developer.salesforce.com/docs/atlas.en-us.platform_events.meta/platform_events/platform_events_define_ui.htm
 */
export const PlatformEventDef = z.strictObject({
  /** API name, ending `__e`. */
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*__e$/, 'Expected an API name ending "__e" (Order_Placed__e)'),
  label: z.string(),
  labelPlural: z.string().optional(),
  /** Three-character id prefix of publish results; assigned (`e00`, `e01`, ...) when absent. */
  keyPrefix: z.string().length(3).optional(),
  /**
   * `PublishAfterCommit`: an event published in a transaction that rolls back is not published;
   * `PublishImmediately`: it is, whatever the transaction does.
   */
  publishBehavior: z.enum(['PublishAfterCommit', 'PublishImmediately']).default('PublishAfterCommit'),
  fields: z
    .array(
      FieldDef.refine((field) => PLATFORM_EVENT_FIELD_TYPES.includes(field.type), {
        message: `A platform event field is one of: ${PLATFORM_EVENT_FIELD_TYPES.join(', ')}`,
        path: ['type'],
      }),
    )
    .default([]),
})
export type PlatformEventDef = z.infer<typeof PlatformEventDef>
export type PlatformEventDefInput = z.input<typeof PlatformEventDef>

export const CrmSchema = z.strictObject({
  objects: z.array(ObjectDef).min(1),
  formulaGlobals: FormulaGlobals.optional(),
  /** The org's platform events (src/replica/events). */
  platformEvents: z.array(PlatformEventDef).default([]),
})
export type CrmSchema = z.infer<typeof CrmSchema>
export type CrmSchemaInput = z.input<typeof CrmSchema>
