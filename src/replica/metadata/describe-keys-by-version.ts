/**
 * @module
 * The one table of which describe keys exist at which API version: every key the replica's
 * describe answers carry (global describe entries, an object's describe, its fields, child
 * relationships, record types and `urls`), each with the version Salesforce introduced it in
 * (`since`) or the last version it was in (`until`). A key without either is in every version
 * the table covers (29.0 and later). Describe answers drop what their version does not have;
 * the recordings test reads the same table (docs/testing.md#recorded-answers).
 *
 * Sources, in this order (docs/decisions/0059-describe-keys-by-version.md):
 * - Salesforce's partner WSDL of each version from 29.0 to 58.0 (48.0, 52.0, 53.0 and 57.0
 *   missing), as published in superfell/WSDL2ZKSforce's history: a key's `since` is the first
 *   of those WSDLs whose `DescribeSObjectResult`, `DescribeGlobalSObjectResult`, `Field`,
 *   `ChildRelationship` or `RecordTypeInfo` type lists it.
 * - Keys only the REST answer has (`urls`, `listviewable`, `extendedBy`,
 *   `sobjectDescribeOption`, ...): recorded real answers (test/recordings/README.md). Where the
 *   answers only bound a change (absent at 48.0, present at 59.0), the change is placed right
 *   after the last version seen without it, and the entry says so.
 * - The REST API Developer Guide for the resources `urls` name ("available in REST API version
 *   30.0 and later").
 */
import { parseApiVersion } from './api-version.js'

/** The parts of describe answers the table covers. */
export type DescribePart = 'global' | 'sobject' | 'field' | 'childRelationship' | 'recordTypeInfo' | 'urls'

interface KeySpan {
  /** First API version with the key. */
  since?: number
  /** Last API version with the key. */
  until?: number
}

const ALWAYS: KeySpan = {}

const WSDL_ALWAYS = [
  'activateable',
  'createable',
  'custom',
  'customSetting',
  'deletable',
  'deprecatedAndHidden',
  'feedEnabled',
  'keyPrefix',
  'label',
  'labelPlural',
  'layoutable',
  'mergeable',
  'name',
  'queryable',
  'replicateable',
  'retrieveable',
  'searchable',
  'triggerable',
  'undeletable',
  'updateable',
] as const

function always(keys: readonly string[]): Record<string, KeySpan> {
  return Object.fromEntries(keys.map((key) => [key, ALWAYS]))
}

export const DESCRIBE_KEYS: Readonly<Record<DescribePart, Readonly<Record<string, KeySpan>>>> = {
  // DescribeGlobalSObjectResult: `GET /sobjects` entries and basic information's `objectDescribe`
  global: {
    ...always(WSDL_ALWAYS),
    urls: ALWAYS,
    mruEnabled: { since: 37 },
    hasSubtypes: { since: 38 },
    isSubtype: { since: 39 },
    deepCloneable: { since: 47 },
    isInterface: { since: 47 },
    associateEntityType: { since: 50 },
    associateParentEntity: { since: 50 },
  },
  // DescribeSObjectResult: `GET /sobjects/{object}/describe`
  sobject: {
    ...always(WSDL_ALWAYS),
    ...always(['childRelationships', 'compactLayoutable', 'fields', 'recordTypeInfos', 'searchLayoutable']),
    // REST only, in answers at 34.0 (the oldest we have)
    ...always(['urls', 'listviewable', 'lookupLayoutable']),
    namedLayoutInfos: { since: 31 },
    actionOverrides: { since: 32 },
    mruEnabled: { since: 35 },
    supportedScopes: { since: 35 },
    networkScopeFieldName: { since: 36 },
    hasSubtypes: { since: 38 },
    isSubtype: { since: 39 },
    deepCloneable: { since: 47 },
    defaultImplementation: { since: 47 },
    implementedBy: { since: 47 },
    implementsInterfaces: { since: 47 },
    isInterface: { since: 47 },
    // REST only: absent at 44.0, present at 48.0, with the interface keys above
    extendedBy: { since: 47 },
    extendsInterfaces: { since: 47 },
    // REST only: absent from an answer at 48.0, present at 59.0 and later
    sobjectDescribeOption: { since: 49 },
    associateEntityType: { since: 50 },
    associateParentEntity: { since: 50 },
  },
  field: {
    ...always([
      'autoNumber',
      'byteLength',
      'calculated',
      'calculatedFormula',
      'cascadeDelete',
      'caseSensitive',
      'controllerName',
      'createable',
      'custom',
      // the WSDL has it from 36.0; REST answers had it long before (an answer at 20.0 does)
      'defaultValue',
      'defaultValueFormula',
      'defaultedOnCreate',
      'dependentPicklist',
      'deprecatedAndHidden',
      'digits',
      'displayLocationInDecimal',
      'externalId',
      'filterable',
      'groupable',
      'htmlFormatted',
      'idLookup',
      'inlineHelpText',
      'label',
      'length',
      'name',
      'nameField',
      'namePointing',
      'nillable',
      'permissionable',
      'picklistValues',
      'precision',
      'referenceTo',
      'relationshipName',
      'relationshipOrder',
      'restrictedDelete',
      'restrictedPicklist',
      'scale',
      'soapType',
      'sortable',
      'type',
      'unique',
      'updateable',
      'writeRequiresMasterRead',
    ]),
    extraTypeInfo: { since: 30 },
    mask: { since: 30 },
    maskType: { since: 30 },
    queryByDistance: { since: 30 },
    filteredLookupInfo: { since: 31 },
    referenceTargetField: { since: 32 },
    highScaleNumber: { since: 33 },
    encrypted: { since: 34 },
    aggregatable: { since: 36 },
    compoundFieldName: { since: 38 },
    polymorphicForeignKey: { since: 40 },
    searchPrefilterable: { since: 40 },
    aiPredictionField: { since: 43 },
    formulaTreatNullNumberAsZero: { since: 43 },
  },
  childRelationship: {
    ...always([
      'cascadeDelete',
      'childSObject',
      'deprecatedAndHidden',
      'field',
      'relationshipName',
      'restrictedDelete',
    ]),
    junctionReferenceTo: { since: 33 },
    junctionIdListNames: { since: 37 },
  },
  recordTypeInfo: {
    ...always(['available', 'defaultRecordTypeMapping', 'name', 'recordTypeId', 'urls']),
    master: { since: 35 },
    active: { since: 41 },
    developerName: { since: 43 },
  },
  // an object's `urls`; the resources behind them, from the REST API Developer Guide
  urls: {
    ...always(['sobject', 'describe', 'rowTemplate', 'uiDetailTemplate', 'uiEditTemplate', 'uiNewRecord']),
    layouts: { since: 28 },
    quickActions: { since: 28 },
    compactLayouts: { since: 29 },
    approvalLayouts: { since: 30 },
    listviews: { since: 32 },
    // REST only: in answers at 37.0 to 48.0, absent from answers at 59.0 and later
    defaultValues: { until: 48 },
    namedLayouts: ALWAYS,
    passwordUtilities: ALWAYS,
    caseArticleSuggestions: ALWAYS,
    caseRowArticleSuggestions: ALWAYS,
  },
}

function versionNumber(version: string | number): number {
  const parsed = parseApiVersion(version)
  if (parsed === undefined) throw new TypeError(`Failed to read API version "${version}"`)
  return parsed
}

function inSpan(span: KeySpan, version: number): boolean {
  return (
    (span.since === undefined || version >= span.since) && (span.until === undefined || version <= span.until)
  )
}

/** True when `key` is a key of `part` the table knows and it exists at `version`. */
export function keyExistsAt(part: DescribePart, key: string, version: string | number): boolean {
  const span = DESCRIBE_KEYS[part][key]
  return span !== undefined && inSpan(span, versionNumber(version))
}

/** The keys of `part` the table knows that `version` does not have (often none). */
export function keysAbsentAt(part: DescribePart, version: string | number): readonly string[] {
  const number = versionNumber(version)
  return Object.entries(DESCRIBE_KEYS[part])
    .filter(([, span]) => !inSpan(span, number))
    .map(([key]) => key)
}

/** `value` without `absent` keys (the same object when there are none to drop). */
export function withoutKeys<T extends object>(value: T, absent: readonly string[]): T {
  if (absent.length === 0) return value
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) if (!absent.includes(key)) out[key] = entry
  return out as T
}
