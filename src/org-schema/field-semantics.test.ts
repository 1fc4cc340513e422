import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import type { FieldDef } from '../schemas/crm-schema.js'
import { crmSchemaInput } from '../fixtures/crm/index.js'
import { spreadActivityFields } from './activity-fields.js'
import { type LoadedOrgSchema, loadOrgSchema } from './load-org-schema.js'
import type { ObjectContribution } from './object-contribution.js'

const PROJECT = path.resolve('test/fixtures/org-schema/field-semantics')
const DESCRIBE = path.resolve('test/fixtures/org-schema/field-semantics-describe/Contact.json')

let loaded: LoadedOrgSchema
beforeAll(async () => {
  loaded = await loadOrgSchema([PROJECT, DESCRIBE])
})

function fieldOf(objectName: string, name: string): FieldDef | undefined {
  return loaded.schema.objects
    .find((object) => object.name === objectName)
    ?.fields.find((f) => f.name === name)
}

it('keeps caseSensitive of a field, and lists no detail for it', () => {
  expect(fieldOf('Member__c', 'Badge_Code__c')).toMatchObject({ unique: true, caseSensitive: true })
  expect(fieldOf('Member__c', 'School_Code__c')?.caseSensitive).toBeUndefined()
  expect(loaded.report.ignored.filter((item) => item.item.startsWith('Member__c'))).toEqual([])
})

it("puts Activity's custom fields on Task, with the child relationship the source names", () => {
  expect(fieldOf('Task', 'Member__c')).toMatchObject({
    type: 'reference',
    referenceTo: ['Member__c'],
    childRelationshipName: 'Tasks__r',
  })
  const task = loaded.report.objects.find((object) => object.name === 'Task')
  expect(task).toMatchObject({ action: 'merged', fields: ['Member__c'] })
  expect(loaded.report.ignored.map((item) => item.item)).not.toContain('Activity')
})

it("loads describe JSON's namespaced field", () => {
  expect(fieldOf('Contact', 'npe01__WorkEmail__c')).toMatchObject({ type: 'email', custom: true })
})

it('gives Event a copy of each Activity field when the schema has Event, without the child relationship name', () => {
  const activity: ObjectContribution = {
    name: 'Activity',
    file: '/p/objects/Activity',
    fields: [
      {
        name: 'Member__c',
        label: 'Member',
        type: 'reference',
        createable: true,
        updateable: true,
        nillable: true,
        referenceTo: ['Member__c'],
        childRelationshipName: 'Tasks__r',
      },
    ],
    validationRules: [],
  }
  const event: ObjectContribution = {
    name: 'Event',
    file: '/describe/Event.json',
    base: {
      name: 'Event',
      label: 'Event',
      labelPlural: 'Events',
      createable: true,
      updateable: true,
      deletable: true,
    },
    fields: [],
    validationRules: [],
  }
  const withoutEvent = spreadActivityFields([activity], crmSchemaInput)
  expect(withoutEvent.contributions.map((c) => c.name)).toEqual(['Task'])
  const withEvent = spreadActivityFields([event, activity], crmSchemaInput)
  expect(withEvent.contributions.map((c) => c.name)).toEqual(['Event', 'Task', 'Event'])
  expect(withEvent.contributions[1]!.fields[0]!.childRelationshipName).toBe('Tasks__r')
  expect(withEvent.contributions[2]!.fields[0]!.childRelationshipName).toBeNull()
  expect(withEvent.ignored).toEqual([expect.objectContaining({ kind: 'detail', item: 'Event.Member__c' })])
  // each object gets its own copy of the field
  expect(withEvent.contributions[1]!.fields[0]).not.toBe(withEvent.contributions[2]!.fields[0])
})
