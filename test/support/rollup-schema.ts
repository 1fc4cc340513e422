/**
 * @module
 * A test schema for roll-up summary fields: the built-in CRM schema plus `Shipment__c` and its
 * master-detail children `Parcel__c`. Shipment__c rolls its parcels up with each operation (COUNT,
 * SUM, MIN, MAX over numbers, dates, datetimes and a formula field), with and without filters,
 * and has a formula field and a validation rule that read roll-ups.
 */
import { crmSchemaInput } from '../../src/fixtures/crm/index.js'
import {
  checkbox,
  date,
  datetime,
  multipicklist,
  number,
  ownerField,
  picklist,
  reference,
  systemFields,
  text,
} from '../../src/fixtures/crm/field-helpers.js'
import type { RollupDefInput } from '../../src/schemas/crm-rollup.js'
import type { CrmSchemaInput, FieldDefInput, ObjectDefInput } from '../../src/schemas/crm-schema.js'
import { formulaField } from './formula-schema.js'

/** A read-only roll-up of Parcel__c through Parcel__c.Shipment__c. */
export function rollupField(
  name: string,
  type: FieldDefInput['type'],
  rollup: Omit<RollupDefInput, 'childObject' | 'foreignKey'>,
  extra: Partial<FieldDefInput> = {},
): FieldDefInput {
  return {
    name,
    label: name,
    type,
    calculated: true,
    custom: true,
    createable: false,
    updateable: false,
    nillable: true,
    rollup: { childObject: 'Parcel__c', foreignKey: 'Shipment__c', ...rollup },
    ...extra,
  }
}

export const shipmentObject: ObjectDefInput = {
  name: 'Shipment__c',
  label: 'Shipment',
  labelPlural: 'Shipments',
  keyPrefix: 'a0S',
  custom: true,
  createable: true,
  updateable: true,
  deletable: true,
  fields: [
    ...systemFields(),
    ownerField(),
    text('Name', 'Shipment Name', 80, { nillable: false, nameField: true }),
    checkbox('Closed__c', 'Closed', { custom: true }),
    rollupField('Parcel_Count__c', 'double', { operation: 'COUNT' }, { precision: 18 }),
    rollupField(
      'Live_Count__c',
      'double',
      { operation: 'COUNT', filterItems: [{ field: 'Status__c', operation: 'notEqual', value: 'Lost' }] },
      { precision: 18 },
    ),
    rollupField(
      'Fragile_Count__c',
      'double',
      { operation: 'COUNT', filterItems: [{ field: 'Fragile__c', operation: 'equals', value: 'True' }] },
      { precision: 18 },
    ),
    rollupField(
      'Moving_Count__c',
      'double',
      {
        operation: 'COUNT',
        filterItems: [
          { field: 'Status__c', operation: 'equals', value: 'Packed, Sent' },
          { field: 'Tags__c', operation: 'excludes', value: 'Hold' },
        ],
      },
      { precision: 18 },
    ),
    rollupField(
      'Total_Weight__c',
      'double',
      { operation: 'SUM', summarizedField: 'Weight__c' },
      { precision: 10, scale: 2 },
    ),
    rollupField(
      'Heavy_Weight__c',
      'double',
      {
        operation: 'SUM',
        summarizedField: 'Weight__c',
        filterItems: [{ field: 'Weight__c', operation: 'greaterOrEqual', value: '10' }],
      },
      { precision: 10, scale: 2 },
    ),
    rollupField(
      'Taxed_Value__c',
      'currency',
      { operation: 'SUM', summarizedField: 'Value_With_Tax__c' },
      { precision: 16, scale: 2 },
    ),
    rollupField(
      'Lightest__c',
      'double',
      { operation: 'MIN', summarizedField: 'Weight__c' },
      { precision: 10, scale: 2 },
    ),
    rollupField('First_Sent__c', 'date', { operation: 'MIN', summarizedField: 'Sent_On__c' }),
    rollupField('Last_Scan__c', 'datetime', { operation: 'MAX', summarizedField: 'Scanned_At__c' }),
    formulaField(
      'Average_Weight__c',
      'double',
      'IF(Parcel_Count__c > 0, Total_Weight__c / Parcel_Count__c, 0)',
      {
        precision: 10,
        scale: 2,
      },
    ),
  ],
  validationRules: [
    {
      name: 'Closed_Needs_Parcels',
      errorConditionFormula: 'Closed__c && Live_Count__c = 0',
      errorMessage: 'A shipment with no live parcels cannot close.',
      errorDisplayField: 'Closed__c',
    },
  ],
}

export const parcelObject: ObjectDefInput = {
  name: 'Parcel__c',
  label: 'Parcel',
  labelPlural: 'Parcels',
  keyPrefix: 'a0T',
  custom: true,
  createable: true,
  updateable: true,
  deletable: true,
  fields: [
    ...systemFields(),
    text('Name', 'Parcel Name', 80, { nillable: false, nameField: true }),
    // master-detail: required, deleted with its shipment, reparentable
    reference('Shipment__c', 'Shipment', ['Shipment__c'], 'Shipment__r', {
      custom: true,
      nillable: false,
      cascadeDelete: true,
      childRelationshipName: 'Parcels__r',
    }),
    number('double', 'Weight__c', 'Weight', 10, 2, { custom: true }),
    number('currency', 'Value__c', 'Value', 16, 2, { custom: true }),
    formulaField('Value_With_Tax__c', 'currency', 'Value__c * 1.2', { precision: 16, scale: 2 }),
    date('Sent_On__c', 'Sent On', { custom: true }),
    datetime('Scanned_At__c', 'Scanned At', { custom: true }),
    picklist('Status__c', 'Status', ['Packed', 'Sent', 'Lost'], { custom: true }),
    multipicklist('Tags__c', 'Tags', ['Hold', 'Express'], { custom: true }),
    checkbox('Fragile__c', 'Fragile', { custom: true }),
  ],
}

/** The built-in schema plus Shipment__c and Parcel__c. */
export const rollupSchema: CrmSchemaInput = {
  objects: [...crmSchemaInput.objects, shipmentObject, parcelObject],
}
