import { conformanceTest, expect } from '../../support/harness.js'
import { createQueryJob, csvRows, resultsPage, resultText, runIngest } from '../../support/bulk.js'
import {
  type AppConnection,
  connectApp,
  createRecord,
  expectNativeError,
  query,
  V,
} from '../../support/native.js'
import { SFDX_PROJECT } from '../../support/org-schema.js'

// Property__c.Viewing_Time__c is a Time field (`<type>Time</type>`) in the sample project
const test = conformanceTest({ clock: 'manual', schema: SFDX_PROJECT })

function property(app: AppConnection, name: string, time: unknown) {
  return app.post(`${V}/sobjects/Property__c`, {
    json: { Name: name, Address__c: '1 Quay Road', Price__c: 100_000, Viewing_Time__c: time },
  })
}

test('describe: a time field is type time, soapType xsd:time', async ({ client }) => {
  const app = await connectApp(client)
  const response = await app.get(`${V}/sobjects/Property__c/describe`)
  const field = response.body.fields.find((entry: { name: string }) => entry.name === 'Viewing_Time__c')
  expect(field).toMatchObject({
    type: 'time',
    soapType: 'xsd:time',
    createable: true,
    updateable: true,
    nillable: true,
    length: 0,
  })
})

test('writes are checked and read back as HH:mm:ss.SSSZ', async ({ client }) => {
  const app = await connectApp(client)
  const created = await property(app, 'Lighthouse', '10:30')
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const read = await app.get(`${V}/sobjects/Property__c/${created.body.id}`)
  expect(read.body.Viewing_Time__c).toBe('10:30:00.000Z')
  // Viewing_End__c is a Time formula: Viewing_Time__c + 1800000 (half an hour in milliseconds)
  expect(read.body.Viewing_End__c).toBe('11:00:00.000Z')
  const updated = await app.patch(`${V}/sobjects/Property__c/${created.body.id}`, {
    json: { Viewing_Time__c: '17:05:09.25Z' },
  })
  expect(updated.status).toBe(204)
  expect((await app.get(`${V}/sobjects/Property__c/${created.body.id}`)).body.Viewing_Time__c).toBe(
    '17:05:09.250Z',
  )

  for (const bad of ['25:00', '10:61:00', 'ten thirty', '2024-05-01T10:30:00Z', 1030]) {
    const refused = await property(app, 'Shed', bad)
    expect(expectNativeError(refused, 400, 'JSON_PARSER_ERROR').message).toContain('Viewing_Time__c')
  }
})

test('SOQL selects time values, compares them with time literals and orders by them', async ({ client }) => {
  const app = await connectApp(client)
  await createRecord(app, 'Property__c', {
    Name: 'Early',
    Address__c: 'a',
    Price__c: 1,
    Viewing_Time__c: '08:15',
  })
  await createRecord(app, 'Property__c', {
    Name: 'Late',
    Address__c: 'b',
    Price__c: 1,
    Viewing_Time__c: '18:45',
  })
  await createRecord(app, 'Property__c', {
    Name: 'Noon',
    Address__c: 'c',
    Price__c: 1,
    Viewing_Time__c: '12:00',
  })

  const after = await query(
    app,
    'SELECT Name, Viewing_Time__c FROM Property__c WHERE Viewing_Time__c >= 12:00:00.000Z ORDER BY Viewing_Time__c DESC',
  )
  expect(after.status, JSON.stringify(after.body)).toBe(200)
  expect(after.body.records.map((r: Record<string, unknown>) => [r.Name, r.Viewing_Time__c])).toEqual([
    ['Late', '18:45:00.000Z'],
    ['Noon', '12:00:00.000Z'],
  ])
  const exact = await query(app, 'SELECT Name FROM Property__c WHERE Viewing_Time__c = 08:15:00Z')
  expect(exact.body.records.map((r: Record<string, unknown>) => r.Name)).toEqual(['Early'])

  // a quoted value is not a time
  const quoted = await query(app, "SELECT Name FROM Property__c WHERE Viewing_Time__c = '08:15:00.000Z'")
  expect(expectNativeError(quoted, 400, 'INVALID_FIELD').message).toContain('must be of type time')
})

test('Bulk API 2.0: CSV ingest checks time values, query results write them as stored', async ({
  client,
}) => {
  const app = await connectApp(client)
  const csv =
    'Name,Address__c,Price__c,Viewing_Time__c\nDock,1 Pier,5,09:45:00.000Z\nShed,2 Pier,5,9 o clock\n'
  const job = await runIngest(app, { object: 'Property__c', operation: 'insert' }, csv)
  expect(job).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 2, numberRecordsFailed: 1 })
  const failed = csvRows(await resultText(app, job.id, 'failedResults'))
  expect(failed[1]![1]).toContain('INVALID_TYPE_ON_FIELD_IN_RECORD')

  const queryJob = await createQueryJob(app, 'SELECT Name, Viewing_Time__c FROM Property__c')
  const { rows } = await resultsPage(app, queryJob.id)
  expect(rows).toEqual([
    ['Name', 'Viewing_Time__c'],
    ['Dock', '09:45:00.000Z'],
  ])
})
