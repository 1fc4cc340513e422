import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, query, V } from '../../support/native.js'
import { SFDX_PROJECT } from '../../support/org-schema.js'

// Property__c in the sample project: Agent_Note__c defaults to $User.LastName, Available_From__c to TODAY() + 7
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

const required = { Name: 'Harbour View', Address__c: '1 Quay Road', Price__c: 100_000 }

test('describe: a default given as a formula is defaultValueFormula, defaulted on create', async ({
  client,
}) => {
  const app = await connectApp(client)
  const { body } = await app.get(`${V}/sobjects/Property__c/describe`)
  const field = (name: string) => body.fields.find((entry: { name: string }) => entry.name === name)
  expect(field('Available_From__c')).toMatchObject({
    defaultValueFormula: 'TODAY() + 7',
    defaultValue: null,
    defaultedOnCreate: true,
  })
  expect(field('Agent_Note__c')).toMatchObject({ defaultValueFormula: '$User.LastName' })
  expect(field('Tagline__c')).toMatchObject({ defaultValue: 'New listing', defaultValueFormula: null })
})

test('a create that leaves the fields out gets the formulas’ values; one that sends them keeps its own', async ({
  client,
}) => {
  const app = await connectApp(client)
  const created = await app.post(`${V}/sobjects/Property__c`, { json: required })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const read = await app.get(`${V}/sobjects/Property__c/${created.body.id}`)
  const week = new Date(Date.parse(read.body.CreatedDate.slice(0, 10)) + 7 * 86_400_000)
  expect(read.body.Available_From__c).toBe(week.toISOString().slice(0, 10))
  const user = await query(app, `SELECT LastName FROM User WHERE Id = '${read.body.CreatedById}'`)
  expect(read.body.Agent_Note__c).toBe(user.body.records[0].LastName)

  const given = await app.post(`${V}/sobjects/Property__c`, {
    json: { ...required, Available_From__c: '2030-01-01', Agent_Note__c: null },
  })
  const kept = await app.get(`${V}/sobjects/Property__c/${given.body.id}`)
  expect(kept.body).toMatchObject({ Available_From__c: '2030-01-01', Agent_Note__c: null })

  // an update never applies defaults
  await app.patch(`${V}/sobjects/Property__c/${given.body.id}`, { json: { Price__c: 120_000 } })
  expect((await app.get(`${V}/sobjects/Property__c/${given.body.id}`)).body.Available_From__c).toBe(
    '2030-01-01',
  )
})
