/**
 * @module
 * A test schema for formula fields and validation rules: the built-in CRM schema plus a custom
 * object `Project__c` (a child of Account) whose formula fields read its own fields, parent paths
 * two lookups deep and `$User`, and whose validation rules use ISNEW/ISCHANGED/PRIORVALUE.
 */
import { crmSchemaInput } from '../../src/fixtures/crm/index.js'
import {
  checkbox,
  date,
  number,
  ownerField,
  picklist,
  reference,
  systemFields,
  text,
} from '../../src/fixtures/crm/field-helpers.js'
import type { CrmSchemaInput, FieldDefInput, ObjectDefInput } from '../../src/schemas/crm-schema.js'

/** A read-only formula field returning `type`. */
export function formulaField(
  name: string,
  type: FieldDefInput['type'],
  formula: string,
  extra: Partial<FieldDefInput> = {},
): FieldDefInput {
  return {
    name,
    label: name,
    type,
    formula,
    calculated: true,
    custom: true,
    createable: false,
    updateable: false,
    nillable: true,
    ...extra,
  }
}

export const projectObject: ObjectDefInput = {
  name: 'Project__c',
  label: 'Project',
  labelPlural: 'Projects',
  keyPrefix: 'a0P',
  custom: true,
  createable: true,
  updateable: true,
  deletable: true,
  fields: [
    ...systemFields(),
    ownerField(),
    text('Name', 'Project Name', 80, { nillable: false, nameField: true }),
    reference('Account__c', 'Account', ['Account'], 'Account__r', {
      custom: true,
      childRelationshipName: 'Projects__r',
    }),
    number('currency', 'Budget__c', 'Budget', 16, 2, { custom: true }),
    number('currency', 'Spent__c', 'Spent', 16, 2, { custom: true }),
    picklist('Status__c', 'Status', ['Planned', 'Active', 'Done'], { custom: true }),
    date('Start__c', 'Start', { custom: true }),
    date('End__c', 'End', { custom: true }),
    text('Code__c', 'Code', 20, { custom: true }),
    checkbox('Archived__c', 'Archived', { custom: true }),
    {
      name: 'Visit_Time__c',
      label: 'Visit Time',
      type: 'time',
      createable: true,
      updateable: true,
      nillable: true,
      custom: true,
    },
    formulaField('Remaining__c', 'currency', 'Budget__c - Spent__c', { precision: 16, scale: 2 }),
    formulaField('Over_Budget__c', 'boolean', 'Spent__c > Budget__c'),
    formulaField('Title__c', 'string', 'UPPER(Name) & " @ " & Account__r.Name', { length: 255 }),
    formulaField('Account_Owner__c', 'string', 'Account__r.Owner.Username', { length: 255 }),
    formulaField('Days__c', 'double', 'End__c - Start__c', { precision: 18, scale: 0 }),
    formulaField('Review__c', 'date', 'ADDMONTHS(Start__c, 1)'),
    formulaField('Phase__c', 'string', 'IF(ISPICKVAL(Status__c, "Done"), "closed", "open")', { length: 10 }),
    formulaField('Viewer__c', 'string', '$User.Username', { length: 80 }),
    // TODAY() on the mock clock
    formulaField('Age_Days__c', 'double', 'TODAY() - Start__c', { precision: 18, scale: 0 }),
    // a time of day plus milliseconds, as Salesforce adds them
    formulaField('Visit_End__c', 'time', 'Visit_Time__c + 3600000'),
    // reads another formula field
    formulaField('Half_Remaining__c', 'currency', 'Remaining__c / 2', { precision: 16, scale: 2 }),
  ],
  validationRules: [
    {
      name: 'Budget_Not_Negative',
      errorConditionFormula: 'Budget__c < 0',
      errorMessage: 'Budget cannot be negative.',
      errorDisplayField: 'budget__c',
    },
    {
      name: 'End_After_Start',
      errorConditionFormula: 'AND(NOT(ISBLANK(End__c)), End__c < Start__c)',
      errorMessage: 'End must not be before start.',
      errorDisplayField: 'End__c',
    },
    {
      name: 'Code_Locked',
      errorConditionFormula: 'AND(NOT(ISNEW()), ISCHANGED(Code__c))',
      errorMessage: 'The code cannot change once set.',
    },
    {
      name: 'Spent_Only_Grows',
      errorConditionFormula: 'Spent__c < PRIORVALUE(Spent__c)',
      errorMessage: 'Spent cannot decrease.',
      errorDisplayField: 'Spent__c',
    },
    {
      name: 'Account_Not_Blocked',
      errorConditionFormula: 'BEGINS(Account__r.Name, "Blocked")',
      errorMessage: 'Blocked accounts take no projects.',
      errorDisplayField: 'Account__c',
    },
    {
      name: 'Code_Format',
      errorConditionFormula: 'LEN(Code__c) > 0 && !REGEX(Code__c, "[A-Z]{2}-[0-9]+")',
      errorMessage: 'Code looks like AB-123.',
      errorDisplayField: 'Code__c',
    },
    {
      name: 'Never_Archived_Over_Budget',
      errorConditionFormula: 'Archived__c && Over_Budget__c',
      errorMessage: 'An over-budget project cannot be archived.',
    },
    {
      name: 'Inactive',
      active: false,
      errorConditionFormula: 'TRUE',
      errorMessage: 'never shown',
    },
  ],
}

/** The built-in schema plus Project__c. */
export const formulaSchema: CrmSchemaInput = {
  objects: [...crmSchemaInput.objects, projectObject],
}
