import { SchemaReport } from '../../../src/schemas/schema-report.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, query, V } from '../../support/native.js'
import { SFDX_PROJECT } from '../../support/org-schema.js'

const writable = { createable: true, updateable: true, nillable: true }

/** A schema document built in code: one custom object. */
const shelter = {
  objects: [
    {
      name: 'Shelter__c',
      label: 'Shelter',
      labelPlural: 'Shelters',
      keyPrefix: 'a5S',
      custom: true,
      createable: true,
      updateable: true,
      deletable: true,
      fields: [
        {
          name: 'Id',
          label: 'Record ID',
          type: 'id' as const,
          createable: false,
          updateable: false,
          nillable: false,
        },
        {
          name: 'Name',
          label: 'Shelter Name',
          type: 'string' as const,
          length: 80,
          nameField: true,
          ...writable,
        },
        {
          name: 'Beds__c',
          label: 'Beds',
          type: 'double' as const,
          precision: 4,
          scale: 0,
          custom: true,
          ...writable,
        },
      ],
    },
  ],
}

const test = conformanceTest({ adminToken: 'admin-secret', schema: [SFDX_PROJECT, shelter] })
const admin = { token: 'admin-secret' }

test('GET /__replica/schema answers the full load report of each app version', async ({ client }) => {
  const response = await client.get('/__replica/schema', admin)
  expect(response.status).toBe(200)
  const report = SchemaReport.parse(response.body)
  expect(report.userSchema).toBe(true)
  const [retired, ...published] = report.versions
  expect(retired).toMatchObject({ version: '2025.2', schema: 'built-in', report: null, sources: [] })
  for (const version of published) {
    expect(version).toMatchObject({
      appId: 'crm',
      schema: 'user',
      sources: [SFDX_PROJECT, 'schema document #2 (given in code)'],
      data: [],
      records: 0,
    })
  }
  const loaded = published[0]!.report!
  const property = loaded.objects.find((object) => object.name === 'Property__c')
  expect(property).toMatchObject({ action: 'added', custom: true })
  expect(property!.fields).toEqual(expect.arrayContaining(['Price__c', 'Broker__c', 'Is_Expensive__c']))
  expect(property!.validationRules).toContain('Price_Must_Be_Positive')
  expect(loaded.objects.find((object) => object.name === 'Account')).toMatchObject({ action: 'merged' })
  expect(loaded.objects.find((object) => object.name === 'Shelter__c')).toMatchObject({ action: 'added' })
  expect(loaded.ignored).toContainEqual(
    expect.objectContaining({ kind: 'object', item: 'Settings__mdt', reason: expect.any(String) }),
  )
  expect(loaded.counts.ignored).toBe(loaded.ignored.length)
})

test('GET /__replica/schema needs the admin token like every control route', async ({ client }) => {
  const response = await client.get('/__replica/schema')
  expect(response.status).toBe(401)
})

test('a schema document given in code serves its objects', async ({ client }) => {
  const app = await connectApp(client)
  const created = await app.post(`${V}/sobjects/Shelter__c`, { json: { Name: 'North', Beds__c: 12 } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect(created.body.id).toMatch(/^a5S/)
  const found = await query(app, 'SELECT Name, Beds__c FROM Shelter__c')
  expect(found.body.records).toEqual([expect.objectContaining({ Name: 'North', Beds__c: 12 })])
})
