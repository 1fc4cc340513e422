/**
 * @module
 * Salesforce-shaped describe JSON (global, object summary, object). Flags the replica does not
 * model (layouts, feeds, record types beyond Master, ...) carry the values an org without those
 * features reports, so stock clients that read them find what they expect.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describesobjects_describesobjectresult.htm
 */
import { isTextLike } from '../../schemas/field-type.js'
import type { FieldDef, FieldType, ObjectDef } from '../../schemas/crm-schema.js'
import { keysAbsentAt, withoutKeys } from './describe-keys-by-version.js'
import { describeUrls, globalUrls, isLayoutable } from './describe-urls.js'
import type { MetadataService, MetadataView } from './metadata-service.js'

const SOAP_TYPE: Record<FieldType, string> = {
  id: 'tns:ID',
  reference: 'tns:ID',
  string: 'xsd:string',
  textarea: 'xsd:string',
  email: 'xsd:string',
  phone: 'xsd:string',
  url: 'xsd:string',
  picklist: 'xsd:string',
  multipicklist: 'xsd:string',
  boolean: 'xsd:boolean',
  int: 'xsd:int',
  double: 'xsd:double',
  currency: 'xsd:double',
  percent: 'xsd:double',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
  time: 'xsd:time',
  address: 'urn:address',
  location: 'urn:location',
  base64: 'xsd:base64Binary',
}

const MERGEABLE = new Set(['Account', 'Contact', 'Lead', 'Case'])

/** The Master record type every object has (an org without record types of its own). */
export const MASTER_RECORD_TYPE_ID = '012000000000000AAA'

/** One entry of `GET /sobjects` (`sobjects[]`) and the `objectDescribe` of `GET /sobjects/{object}`. */
function globalEntry(metadata: MetadataService, object: ObjectDef, view: MetadataView) {
  return withoutKeys(entryFlags(metadata, object, view), keysAbsentAt('global', view.apiVersion))
}

/** The flags a global entry and an object's describe share, with every key the table knows. */
function entryFlags(metadata: MetadataService, object: ObjectDef, view: MetadataView) {
  const access = metadata.access(object, view.actor)
  return {
    activateable: false,
    associateEntityType: null,
    associateParentEntity: null,
    createable: access.createable,
    custom: object.custom,
    customSetting: false,
    deepCloneable: false,
    deletable: access.deletable,
    deprecatedAndHidden: false,
    feedEnabled: false,
    hasSubtypes: false,
    isInterface: false,
    isSubtype: false,
    keyPrefix: object.keyPrefix,
    label: object.label,
    labelPlural: object.labelPlural,
    layoutable: isLayoutable(object),
    mergeable: MERGEABLE.has(object.name) && access.deletable,
    mruEnabled: true,
    name: object.name,
    queryable: access.queryable,
    replicateable: true,
    retrieveable: true,
    searchable: true,
    triggerable: true,
    undeletable: access.deletable,
    updateable: access.updateable,
    urls: globalUrls(object, view.apiVersion),
  }
}

/** `GET /sobjects`: every object visible at the view's version, with its operation flags. */
export function describeGlobal(metadata: MetadataService, view: MetadataView) {
  return {
    encoding: 'UTF-8',
    maxBatchSize: 200,
    sobjects: metadata.visibleObjects(view).map((object) => globalEntry(metadata, object, view)),
  }
}

/**
 * `GET /sobjects/{object}`: the object's summary (`objectDescribe`); NOT_FOUND for an unknown one.
 * The handler fills `recentItems` from the records.
 */
export function describeSObject(metadata: MetadataService, name: string, view: MetadataView) {
  return { objectDescribe: globalEntry(metadata, metadata.getObject(name, view), view), recentItems: [] }
}

function byteLength(field: FieldDef): number {
  if (field.type === 'id' || field.type === 'reference') return 18
  // Salesforce reports 3 bytes per character for text
  return isTextLike(field.type) ? field.length * 3 : 0
}

function describeField(metadata: MetadataService, object: ObjectDef, field: FieldDef, view: MetadataView) {
  const access = metadata.fieldAccess(object, field, view.actor)
  const compound = field.type === 'address' || field.type === 'location'
  const textual = isTextLike(field.type)
  // a blob, like a long text area, is never filtered, sorted or grouped on
  const longText = (field.type === 'textarea' && field.length > 255) || field.type === 'base64'
  const multi = field.type === 'multipicklist'
  return {
    aggregatable: !compound && !longText && !multi && field.type !== 'boolean',
    aiPredictionField: false,
    autoNumber: field.autoNumber,
    byteLength: byteLength(field),
    calculated: field.calculated || field.rollup !== undefined,
    calculatedFormula: field.formula ?? null,
    cascadeDelete: field.cascadeDelete,
    caseSensitive: field.caseSensitive ?? false,
    compoundFieldName: field.compoundFieldName ?? null,
    controllerName: field.controllerName ?? null,
    createable: access.createable,
    custom: field.custom,
    defaultValue: field.type === 'boolean' ? (field.defaultValue ?? false) : (field.defaultValue ?? null),
    defaultValueFormula: field.defaultValueFormula ?? null,
    defaultedOnCreate: field.defaultedOnCreate,
    dependentPicklist: field.controllerName !== undefined,
    deprecatedAndHidden: false,
    digits: field.type === 'int' ? field.precision : 0,
    displayLocationInDecimal: false,
    encrypted: false,
    externalId: field.externalId,
    extraTypeInfo: null,
    filterable: !compound && !longText,
    filteredLookupInfo: null,
    formulaTreatNullNumberAsZero: field.formulaTreatNullNumberAsZero ?? false,
    groupable:
      !compound && !longText && !multi && !['double', 'currency', 'percent', 'datetime'].includes(field.type),
    highScaleNumber: false,
    htmlFormatted: false,
    idLookup: field.idLookup,
    inlineHelpText: null,
    label: field.label,
    length: textual || field.type === 'id' || field.type === 'reference' ? field.length : 0,
    mask: null,
    maskType: null,
    name: field.name,
    nameField: field.nameField ?? false,
    namePointing: field.type === 'reference' && field.referenceTo.length > 1,
    nillable: field.nillable,
    permissionable: field.nillable && !field.calculated && field.createable,
    picklistValues: field.picklistValues.map((entry) => ({
      active: entry.active,
      defaultValue: entry.defaultValue,
      label: entry.label,
      validFor: validForBitmap(metadata, object, field, entry),
      value: entry.value,
    })),
    polymorphicForeignKey: field.type === 'reference' && field.referenceTo.length > 1,
    precision: field.type === 'int' ? 0 : field.precision,
    queryByDistance: false,
    referenceTargetField: null,
    referenceTo: [...field.referenceTo],
    relationshipName: field.relationshipName,
    relationshipOrder: null,
    restrictedDelete: field.restrictedDelete,
    restrictedPicklist: field.restrictedPicklist,
    scale: field.scale,
    searchPrefilterable: false,
    soapType: SOAP_TYPE[field.type],
    sortable: !compound && !longText && !multi,
    type: field.type,
    unique: field.unique,
    updateable: access.updateable,
    writeRequiresMasterRead: false,
  }
}

/** Every field of `object` the view sees, as describe lists them at the view's version. */
export function describeFields(metadata: MetadataService, object: ObjectDef, view: MetadataView) {
  const absent = keysAbsentAt('field', view.apiVersion)
  return metadata
    .visibleFields(object, view)
    .map((field) => withoutKeys(describeField(metadata, object, field, view), absent))
}

/**
 * A dependent picklist value's `validFor`: base64 of a bitmap over the controlling field's values
 * in describe order (false, true for a checkbox), the most significant bit of the first byte
 * standing for the first value.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describesobjects_describesobjectresult.htm
 */
function validForBitmap(
  metadata: MetadataService,
  object: ObjectDef,
  field: FieldDef,
  entry: FieldDef['picklistValues'][number],
): string | null {
  if (field.controllerName === undefined || entry.validFor === undefined) return null
  const controller = metadata.findField(object, field.controllerName)
  const values =
    controller?.type === 'boolean'
      ? ['false', 'true']
      : (controller?.picklistValues ?? []).map((v) => v.value)
  const bytes = new Uint8Array(Math.max(1, Math.ceil(values.length / 8)))
  values.forEach((value, index) => {
    if (entry.validFor!.includes(value)) bytes[index >> 3]! |= 0x80 >> (index % 8)
  })
  return btoa(String.fromCharCode(...bytes))
}

/**
 * `GET /sobjects/{object}/describe`: fields, child relationships and urls for the view, with the
 * keys of its API version (describe-keys-by-version.ts). `instanceUrl` is where the browser URLs
 * of `urls` point.
 */
export function describeObject(
  metadata: MetadataService,
  name: string,
  view: MetadataView,
  instanceUrl = '',
) {
  const object = metadata.getObject(name, view)
  const version = view.apiVersion
  const { urls: _, ...entry } = entryFlags(metadata, object, view)
  const urls = describeUrls(object, version, instanceUrl)
  const relationshipKeys = keysAbsentAt('childRelationship', version)
  const describe = {
    ...entry,
    actionOverrides: [],
    childRelationships: metadata.childRelationships(object, view).map((relationship) =>
      withoutKeys(
        {
          cascadeDelete: relationship.cascadeDelete,
          childSObject: relationship.childSObject,
          deprecatedAndHidden: false,
          field: relationship.field,
          junctionIdListNames: [],
          junctionReferenceTo: [],
          relationshipName: relationship.relationshipName,
          restrictedDelete: relationship.restrictedDelete,
        },
        relationshipKeys,
      ),
    ),
    compactLayoutable: true,
    defaultImplementation: null,
    extendedBy: null,
    extendsInterfaces: null,
    fields: describeFields(metadata, object, view),
    implementedBy: null,
    implementsInterfaces: null,
    listviewable: null,
    lookupLayoutable: null,
    namedLayoutInfos: [],
    networkScopeFieldName: null,
    recordTypeInfos: [
      withoutKeys(
        {
          active: true,
          available: true,
          defaultRecordTypeMapping: true,
          developerName: 'Master',
          master: true,
          name: 'Master',
          recordTypeId: MASTER_RECORD_TYPE_ID,
          urls: { layout: `${urls.sobject}/describe/layouts/${MASTER_RECORD_TYPE_ID}` },
        },
        keysAbsentAt('recordTypeInfo', version),
      ),
    ],
    searchLayoutable: true,
    sobjectDescribeOption: 'FULL',
    supportedScopes: [{ label: `All ${object.labelPlural.toLowerCase()}`, name: 'everything' }],
    urls,
  }
  return withoutKeys(describe, keysAbsentAt('sobject', version))
}
