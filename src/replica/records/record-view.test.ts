import { expect, it } from 'vitest'
import { CRM_SAMPLE_IDS as IDS } from '../../fixtures/crm/index.js'
import { toRecordJson } from './record-view.js'
import { ADMIN, createTestCrm } from '../../../test/support/seeded-crm.js'

it('builds the attributes block with the version url', () => {
  expect(toRecordJson('Account', { Id: IDS.acme }, '60.0').attributes).toEqual({
    type: 'Account',
    url: `/services/data/v60.0/sobjects/Account/${IDS.acme}`,
  })
  expect(toRecordJson('Account', { Id: IDS.acme }, 48).attributes).toEqual({
    type: 'Account',
    url: `/services/data/v48.0/sobjects/Account/${IDS.acme}`,
  })
})

it('leaves the url out when there is no id', () => {
  expect(toRecordJson('AggregateResult', {}, '60.0').attributes).toEqual({ type: 'AggregateResult' })
})

it('puts attributes first, then the fields as read', () => {
  const { service } = createTestCrm()
  const view = service.read('Account', IDS.globex, ADMIN, { fields: 'Name,Industry' })
  const json = toRecordJson('Account', view, '58.0')
  expect(Object.keys(json)).toEqual(['attributes', 'Name', 'Industry', 'Id'])
  expect(json).toEqual({
    attributes: { type: 'Account', url: `/services/data/v58.0/sobjects/Account/${IDS.globex}` },
    Name: 'Globex',
    Industry: 'Energy',
    Id: IDS.globex,
  })
})

it('reads an address whose components are all empty as null', () => {
  const { service } = createTestCrm()
  const { id } = service.create('Account', { Name: 'Nowhere' }, ADMIN)
  expect(service.read('Account', id, ADMIN, { fields: 'BillingAddress' }).BillingAddress).toBeNull()
})

it('reads an address as every key in alphabetical order, null where no component holds it', () => {
  const { service } = createTestCrm()
  const { id } = service.create(
    'Account',
    { Name: 'Somewhere', BillingCity: 'Phoenix', BillingStreet: '1 Way' },
    ADMIN,
  )
  for (let read = 0; read < 2; read++) {
    const address = service.read('Account', id, ADMIN, { fields: 'BillingAddress' }).BillingAddress
    expect(Object.entries(address as object)).toEqual([
      ['city', 'Phoenix'],
      ['country', null],
      ['geocodeAccuracy', null],
      ['latitude', null],
      ['longitude', null],
      ['postalCode', null],
      ['state', null],
      ['street', '1 Way'],
    ])
  }
})

it('serialises a read as read and toRecordJson do, every seeded record of every object', () => {
  const { metadata, store, service } = createTestCrm()
  let compared = 0
  for (const object of metadata.objects()) {
    for (const record of store.scan(object.name)) {
      for (const view of [ADMIN, { apiVersion: '48.0', actor: 'readonly' }]) {
        if (!metadata.findObject(object.name, view)) continue
        const id = String(record.Id)
        const expected = toRecordJson(object.name, service.read(object.name, id, view), view.apiVersion)
        const { json, stored } = service.readJson(object.name, id, view)
        expect(json).toBe(JSON.stringify(expected))
        expect(stored).toBe(record)
        compared++
      }
    }
  }
  expect(compared).toBeGreaterThan(20)
  const selected = service.readJson('Account', IDS.globex, ADMIN, { fields: 'Industry,BillingAddress,Name' })
  expect(JSON.parse(selected.json)).toEqual({
    attributes: { type: 'Account', url: `/services/data/v60.0/sobjects/Account/${IDS.globex}` },
    Industry: 'Energy',
    BillingAddress: expect.anything(),
    Name: 'Globex',
    Id: IDS.globex,
  })
})
