/**
 * Roll-up summary fields of a user schema, through the replica's native REST handler: values on
 * REST reads, SOQL (selected, filtered, sorted, through a parent path), bulk query and composite,
 * current after every child insert, update, reparenting and delete; writes to them refused;
 * describe; formulas and validation rules reading them, a master's rules run again on a child
 * write; bad roll-ups refused at load.
 */
import { expect, it } from 'vitest'
import {
  parcelObject,
  rollupField,
  rollupSchema,
  shipmentObject,
} from '../../../test/support/rollup-schema.js'
import { nativeReplica, V } from '../../../test/support/native-replica.js'
import type { CrmSchemaInput } from '../../schemas/crm-schema.js'
import { createCrmDataSets } from '../crm-data.js'

function replica() {
  const { app, raw, send, query } = nativeReplica(rollupSchema)
  const create = async (object: string, values: Record<string, unknown>) => {
    const created = await send('POST', `/sobjects/${object}`, values)
    expect(created.status).toBe(201)
    return created.body.id as string
  }
  const shipment = async (id: string) => (await send('GET', `/sobjects/Shipment__c/${id}`)).body
  return { app, raw, send, query, create, shipment }
}

const parcel = (Shipment__c: string, values: Record<string, unknown> = {}) => ({
  Name: 'P',
  Shipment__c,
  Status__c: 'Packed',
  ...values,
})

it('computes every operation on a REST read: COUNT, SUM, MIN, MAX over numbers, dates, datetimes and a formula', async () => {
  const { create, shipment } = replica()
  const id = await create('Shipment__c', { Name: 'S1' })
  expect(await shipment(id)).toMatchObject({
    Parcel_Count__c: 0,
    Total_Weight__c: 0,
    Taxed_Value__c: 0,
    Lightest__c: null,
    First_Sent__c: null,
    Last_Scan__c: null,
  })
  await create(
    'Parcel__c',
    parcel(id, {
      Weight__c: 2.5,
      Value__c: 10,
      Sent_On__c: '2026-01-05',
      Scanned_At__c: '2026-01-05T10:00:00Z',
    }),
  )
  await create(
    'Parcel__c',
    parcel(id, {
      Weight__c: 12,
      Value__c: 20.1,
      Sent_On__c: '2026-01-03',
      Scanned_At__c: '2026-01-09T08:30:00Z',
    }),
  )
  await create('Parcel__c', parcel(id, { Weight__c: null, Value__c: null }))
  expect(await shipment(id)).toMatchObject({
    Parcel_Count__c: 3,
    Total_Weight__c: 14.5,
    Heavy_Weight__c: 12,
    // Value_With_Tax__c is a formula of the child: (10 + 20.1) * 1.2
    Taxed_Value__c: 36.12,
    Lightest__c: 2.5,
    First_Sent__c: '2026-01-03',
    Last_Scan__c: '2026-01-09T08:30:00.000+0000',
    Average_Weight__c: 4.83,
  })
})

it('counts only the children matching every filter item: equals any of several values, notEqual, checkbox, excludes', async () => {
  const { create, shipment } = replica()
  const id = await create('Shipment__c', { Name: 'S1' })
  await create('Parcel__c', parcel(id, { Status__c: 'Sent', Fragile__c: true }))
  await create('Parcel__c', parcel(id, { Status__c: 'Lost', Fragile__c: true }))
  await create('Parcel__c', parcel(id, { Status__c: 'Packed', Tags__c: 'Hold;Express' }))
  await create('Parcel__c', parcel(id, { Status__c: 'packed', Tags__c: 'Express' }))
  expect(await shipment(id)).toMatchObject({
    Parcel_Count__c: 4,
    Live_Count__c: 3,
    Fragile_Count__c: 2,
    // Sent, and the Express-only Packed one; text compares without case
    Moving_Count__c: 2,
  })
})

it('stays current after a child update, a reparenting and a delete', async () => {
  const { create, send, shipment } = replica()
  const first = await create('Shipment__c', { Name: 'S1' })
  const second = await create('Shipment__c', { Name: 'S2' })
  const a = await create('Parcel__c', parcel(first, { Weight__c: 4 }))
  await create('Parcel__c', parcel(first, { Weight__c: 6 }))
  expect((await send('PATCH', `/sobjects/Parcel__c/${a}`, { Weight__c: 11, Status__c: 'Lost' })).status).toBe(
    204,
  )
  expect(await shipment(first)).toMatchObject({ Total_Weight__c: 17, Heavy_Weight__c: 11, Live_Count__c: 1 })
  expect((await send('PATCH', `/sobjects/Parcel__c/${a}`, { Shipment__c: second })).status).toBe(204)
  expect(await shipment(first)).toMatchObject({ Parcel_Count__c: 1, Total_Weight__c: 6, Lightest__c: 6 })
  expect(await shipment(second)).toMatchObject({ Parcel_Count__c: 1, Total_Weight__c: 11, Live_Count__c: 0 })
  expect((await send('DELETE', `/sobjects/Parcel__c/${a}`)).status).toBe(204)
  expect(await shipment(second)).toMatchObject({ Parcel_Count__c: 0, Total_Weight__c: 0, Lightest__c: null })
})

it('counts a child again once it leaves the recycle bin (compute on read follows the store)', async () => {
  const { app, create, send, shipment } = replica()
  const id = await create('Shipment__c', { Name: 'S1' })
  const child = await create('Parcel__c', parcel(id, { Weight__c: 3 }))
  await send('DELETE', `/sobjects/Parcel__c/${child}`)
  expect((await shipment(id)).Parcel_Count__c).toBe(0)
  // the replica has no undelete call yet: put the record back as an undelete would
  app.store.update(child, { IsDeleted: false })
  expect(await shipment(id)).toMatchObject({ Parcel_Count__c: 1, Total_Weight__c: 3 })
})

it('answers roll-ups in SOQL: selected, filtered, sorted, through a parent path and beside a child subquery', async () => {
  const { create, query } = replica()
  const big = await create('Shipment__c', { Name: 'Big' })
  const small = await create('Shipment__c', { Name: 'Small' })
  await create('Shipment__c', { Name: 'Empty' })
  await create('Parcel__c', parcel(big, { Weight__c: 20 }))
  await create('Parcel__c', parcel(big, { Weight__c: 1 }))
  await create('Parcel__c', parcel(small, { Weight__c: 5 }))
  const rows = await query(
    'SELECT Name, Parcel_Count__c, Total_Weight__c FROM Shipment__c WHERE Parcel_Count__c > 0 ORDER BY Total_Weight__c',
  )
  expect(rows.records.map((row: any) => [row.Name, row.Parcel_Count__c, row.Total_Weight__c])).toEqual([
    ['Small', 1, 5],
    ['Big', 2, 21],
  ])
  const children = await query(
    `SELECT Weight__c, Shipment__r.Heavy_Weight__c FROM Parcel__c WHERE Shipment__c = '${big}' ORDER BY Weight__c`,
  )
  expect(children.records.map((row: any) => row.Shipment__r.Heavy_Weight__c)).toEqual([20, 20])
  const nested = await query(
    `SELECT Lightest__c, (SELECT Weight__c FROM Parcels__r ORDER BY Weight__c) FROM Shipment__c WHERE Id = '${big}'`,
  )
  expect(nested.records[0].Lightest__c).toBe(1)
  expect(nested.records[0].Parcels__r.records.map((row: any) => row.Weight__c)).toEqual([1, 20])
})

it('answers roll-ups in a Bulk API 2.0 query job result and a composite query', async () => {
  const { app, create, raw, send } = replica()
  const id = await create('Shipment__c', { Name: 'S1' })
  await create('Parcel__c', parcel(id, { Weight__c: 7.25 }))
  const job = await send('POST', '/jobs/query', {
    operation: 'query',
    query: 'SELECT Name, Parcel_Count__c, Total_Weight__c FROM Shipment__c',
  })
  expect(job.status).toBe(200)
  await app.jobs.runDue()
  const csv = await (await raw('GET', `/jobs/query/${job.body.id}/results`)).text()
  expect(csv.split('\n').filter(Boolean)).toEqual([
    '"Name","Parcel_Count__c","Total_Weight__c"',
    '"S1","1","7.25"',
  ])
  const composite = await send('POST', '/composite', {
    compositeRequest: [
      { method: 'GET', url: `${V}/sobjects/Shipment__c/${id}?fields=Total_Weight__c`, referenceId: 'read' },
    ],
  })
  expect(composite.body.compositeResponse[0]).toMatchObject({
    httpStatusCode: 200,
    body: { Total_Weight__c: 7.25 },
  })
})

it('describes a roll-up as calculated, not writable, typed by what it returns', async () => {
  const { send } = replica()
  const { body } = await send('GET', '/sobjects/Shipment__c/describe')
  const field = (name: string) => body.fields.find((each: { name: string }) => each.name === name)
  expect(field('Parcel_Count__c')).toMatchObject({
    calculated: true,
    calculatedFormula: null,
    createable: false,
    updateable: false,
    type: 'double',
    scale: 0,
  })
  expect(field('Taxed_Value__c')).toMatchObject({ calculated: true, type: 'currency', scale: 2 })
  expect(field('First_Sent__c')).toMatchObject({ calculated: true, type: 'date' })
})

it('errors with INVALID_FIELD_FOR_INSERT_UPDATE on a write to a roll-up', async () => {
  const { app, create, send } = replica()
  const refused = await send('POST', '/sobjects/Shipment__c', { Name: 'S1', Parcel_Count__c: 3 })
  expect(refused.status).toBe(400)
  expect(refused.body).toEqual([
    expect.objectContaining({ errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE', fields: ['Parcel_Count__c'] }),
  ])
  expect(app.store.count('Shipment__c')).toBe(0)
  const id = await create('Shipment__c', { Name: 'S1' })
  const update = await send('PATCH', `/sobjects/Shipment__c/${id}`, { Total_Weight__c: 1 })
  expect(update.status).toBe(400)
  expect(update.body[0]).toMatchObject({
    errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
    fields: ['Total_Weight__c'],
  })
})

it('lets a validation rule read a roll-up as it is now', async () => {
  const { create, send } = replica()
  const refused = await send('POST', '/sobjects/Shipment__c', { Name: 'S1', Closed__c: true })
  expect(refused.status).toBe(400)
  expect(refused.body).toEqual([
    {
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'A shipment with no live parcels cannot close.',
      fields: ['Closed__c'],
    },
  ])
  const id = await create('Shipment__c', { Name: 'S1' })
  const lost = await create('Parcel__c', parcel(id, { Status__c: 'Lost' }))
  expect((await send('PATCH', `/sobjects/Shipment__c/${id}`, { Closed__c: true })).status).toBe(400)
  expect((await send('PATCH', `/sobjects/Parcel__c/${lost}`, { Status__c: 'Sent' })).status).toBe(204)
  expect((await send('PATCH', `/sobjects/Shipment__c/${id}`, { Closed__c: true })).status).toBe(204)
})

it('refuses a child write that makes its master break a rule on a roll-up, writing nothing', async () => {
  const { app, create, send } = replica()
  const id = await create('Shipment__c', { Name: 'S1' })
  const other = await create('Shipment__c', { Name: 'S2' })
  const live = await create('Parcel__c', parcel(id, { Status__c: 'Sent' }))
  expect((await send('PATCH', `/sobjects/Shipment__c/${id}`, { Closed__c: true })).status).toBe(204)
  const expected = [
    {
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'A shipment with no live parcels cannot close.',
      fields: [],
    },
  ]
  const lost = await send('PATCH', `/sobjects/Parcel__c/${live}`, { Status__c: 'Lost' })
  expect([lost.status, lost.body]).toEqual([400, expected])
  const moved = await send('PATCH', `/sobjects/Parcel__c/${live}`, { Shipment__c: other })
  expect([moved.status, moved.body]).toEqual([400, expected])
  const deleted = await send('DELETE', `/sobjects/Parcel__c/${live}`)
  expect([deleted.status, deleted.body]).toEqual([400, expected])
  expect(app.store.get(live)).toMatchObject({ Status__c: 'Sent', Shipment__c: id, IsDeleted: false })
  // a child that leaves the live count as it is passes, and so does a write once another parcel is live
  await create('Parcel__c', parcel(id, { Status__c: 'Lost' }))
  await create('Parcel__c', parcel(id, { Status__c: 'Packed' }))
  expect((await send('DELETE', `/sobjects/Parcel__c/${live}`)).status).toBe(204)
})

it('errors at load on a roll-up it cannot compute, naming the field and the reason', () => {
  const clock = { now: () => new Date() }
  const withField = (field: ReturnType<typeof rollupField>): CrmSchemaInput => ({
    objects: [
      ...rollupSchema.objects.filter((object) => object.name !== 'Shipment__c'),
      { ...shipmentObject, validationRules: [], fields: [...shipmentObject.fields, field] },
    ],
  })
  expect(() =>
    createCrmDataSets({
      clock,
      schema: withField(rollupField('Bad__c', 'double', { operation: 'SUM', summarizedField: 'Name' })),
    }),
  ).toThrow(
    'Failed to load the CRM schema: roll-up Shipment__c.Bad__c cannot be computed: SUM cannot summarise Parcel__c.Name of type string (number, currency or percent only)',
  )
  expect(() =>
    createCrmDataSets({ clock, schema: withField(rollupField('Bad__c', 'date', { operation: 'COUNT' })) }),
  ).toThrow(
    'roll-up Shipment__c.Bad__c cannot be computed: a COUNT roll-up of records is a double field, not date',
  )
  expect(() =>
    createCrmDataSets({
      clock,
      schema: withField({ ...rollupField('Bad__c', 'double', { operation: 'COUNT' }), formula: '1' }),
    }),
  ).toThrow('roll-up Shipment__c.Bad__c cannot be computed: a field is a formula or a roll-up, not both')
  const crossObject: CrmSchemaInput = {
    objects: [
      ...rollupSchema.objects.filter((object) => object.name !== 'Parcel__c'),
      {
        ...parcelObject,
        fields: parcelObject.fields.map((field) =>
          field.name === 'Value_With_Tax__c'
            ? { ...field, formula: 'Value__c * Shipment__r.Total_Weight__c' }
            : field,
        ),
      },
    ],
  }
  expect(() => createCrmDataSets({ clock, schema: crossObject })).toThrow(
    'roll-up Shipment__c.Taxed_Value__c cannot be computed: Parcel__c.Value_With_Tax__c is a cross-object formula (it reads other records)',
  )
  const lookupChild: CrmSchemaInput = {
    objects: [
      ...rollupSchema.objects.filter((object) => object.name !== 'Parcel__c'),
      {
        ...parcelObject,
        fields: parcelObject.fields.map((field) =>
          field.name === 'Shipment__c' ? { ...field, cascadeDelete: false, nillable: true } : field,
        ),
      },
    ],
  }
  expect(() => createCrmDataSets({ clock, schema: lookupChild })).toThrow(
    'roll-up Shipment__c.Parcel_Count__c cannot be computed: Parcel__c.Shipment__c is not a master-detail field to Shipment__c',
  )
})
