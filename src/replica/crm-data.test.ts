import { expect, it } from 'vitest'
import { CRM_SAMPLE_IDS } from '../fixtures/crm/index.js'
import { organizationIdOf } from '../store/salesforce-ids.js'
import { createCrmDataSets } from './crm-data.js'
import { createRecordsAccess } from './records-access.js'

const VIEW = { apiVersion: '60.0', actor: 'admin' }

function setup() {
  let now = Date.parse('2026-03-18T12:00:00.000Z')
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) }
  return { apps: createCrmDataSets({ clock }), clock }
}

it('opens a new app with the CRM seed', () => {
  const { apps } = setup()
  const app = apps.open()
  expect(app.records.read('Account', CRM_SAMPLE_IDS.acme, VIEW, { fields: 'Name' })).toEqual({
    Name: 'Acme Corporation',
    Id: CRM_SAMPLE_IDS.acme,
  })
})

it('opens an app from serialised content, sharing nothing with the source', () => {
  const { apps } = setup()
  const source = apps.open()
  const id = source.records.create('Account', { Name: 'Saved' }, VIEW).id
  const copy = apps.open(JSON.parse(JSON.stringify(source.serialise())))
  source.records.update('Account', id, { Name: 'Changed in source' }, VIEW)
  expect(copy.records.read('Account', id, VIEW, { fields: 'Name' }).Name).toBe('Saved')
  expect(apps.metadata).toBe(copy.metadata)
})

it('opens apps from one frozen document independently of each other and of the seed', () => {
  const { apps } = setup()
  const source = apps.open()
  const id = source.records.create('Account', { Name: 'Saved' }, VIEW).id
  const frozen = Object.freeze(JSON.parse(JSON.stringify(source.serialise())))
  const first = apps.open(frozen)
  const second = apps.open(frozen)
  first.records.update('Account', id, { Name: 'Changed in first' }, VIEW)
  first.records.delete('Account', CRM_SAMPLE_IDS.acme, VIEW)
  expect(second.records.read('Account', id, VIEW, { fields: 'Name' }).Name).toBe('Saved')
  expect(second.store.count('Account')).toBe(4)
  expect(apps.open(frozen).store.count('Account')).toBe(4)
  expect(apps.open().store.count('Account')).toBe(3)
  second.restore(frozen)
  first.restore(frozen)
  expect(first.records.read('Account', id, VIEW, { fields: 'Name' }).Name).toBe('Saved')
})

it('loads a document that is not frozen on every open, so edits between two opens show', () => {
  const { apps } = setup()
  const content = JSON.parse(JSON.stringify(apps.open().serialise()))
  expect(apps.open(content).store.count('Account')).toBe(3)
  content.records.Account.pop()
  expect(apps.open(content).store.count('Account')).toBe(2)
})

it('errors on content it cannot restore, and restore() keeps the data then', () => {
  const { apps } = setup()
  expect(() => apps.open({ records: {} })).toThrow(/Failed to restore records/)
  const app = apps.open()
  expect(() => app.restore({ nope: true })).toThrow(/Failed to restore records/)
  expect(app.store.count('Account')).toBe(3)
})

it('closes open query cursors when its data is replaced', () => {
  const { apps } = setup()
  const app = apps.open()
  const id = app.cursors.open(
    app.openQuery('SELECT Id FROM Account', { apiVersion: '60.0', actor: 'admin' }),
    'admin',
  )
  app.restore(apps.open().serialise())
  expect(() => app.cursors.rows(id, 'admin')).toThrow(/invalid query locator/)
})

it('lists the records a query viewed or referenced, newest first, with their name field', () => {
  const { apps, clock } = setup()
  const app = apps.open()
  expect(app.recentItems('account', VIEW)).toEqual([])
  const id = app.records.create('Account', { Name: 'Newest' }, VIEW).id
  app.query(`SELECT Id FROM Account WHERE Id = '${CRM_SAMPLE_IDS.acme}' FOR VIEW`, VIEW)
  clock.advance(1000)
  app.query(`SELECT Id FROM Account WHERE Id = '${id}' FOR REFERENCE`, VIEW)
  expect(app.recentItems('account', VIEW, 2)).toEqual([
    { Id: id, Name: 'Newest' },
    { Id: CRM_SAMPLE_IDS.acme, Name: 'Acme Corporation' },
  ])
  clock.advance(1000)
  app.query(`SELECT Id FROM Case WHERE Id = '${CRM_SAMPLE_IDS.acmeCase}' FOR VIEW`, VIEW)
  expect(app.recentItems('Case', VIEW)[0]).toEqual({
    Id: CRM_SAMPLE_IDS.acmeCase,
    CaseNumber: expect.any(String),
  })
  expect(app.recent(VIEW, 1)).toEqual([
    { object: 'Case', record: { Id: CRM_SAMPLE_IDS.acmeCase, Name: expect.any(String) } },
  ])
})

it('gives tests typed access to create, insert, read, query, update and delete records', () => {
  const { apps } = setup()
  const app = apps.open()
  const records = createRecordsAccess(app, { actor: 'admin', apiVersion: '60.0' })
  const id = records.create('Account', { Name: 'Accessed' })
  const inserted = records.insert('Account', [{ Name: 'Many 1' }, { Name: 'Many 2' }])
  expect(inserted).toHaveLength(2)
  expect(records.count('Account')).toBe(6)
  records.update('Account', id, { Rating: 'Hot' })
  expect(records.get('Account', id, { fields: 'Name,Rating' })).toEqual({
    Name: 'Accessed',
    Rating: 'Hot',
    Id: id,
  })
  expect(records.query("SELECT Id FROM Account WHERE Name LIKE 'Many%'")).toHaveLength(2)
  expect(records.delete('Account', id)).toEqual([id])
  expect(records.get('Account', id)).toBeUndefined()
  expect(records.query(`SELECT Id, IsDeleted FROM Account WHERE Id = '${id}'`, { all: true })).toEqual([
    {
      attributes: { type: 'Account', url: `/services/data/v60.0/sobjects/Account/${id}` },
      Id: id,
      IsDeleted: true,
    },
  ])
  expect(records.count('Account', { includeDeleted: true })).toBe(6)
})

it('inserts all or nothing, and fails loudly on an unknown object', () => {
  const { apps } = setup()
  const records = createRecordsAccess(apps.open(), { actor: 'admin', apiVersion: '60.0' })
  expect(() => records.insert('Account', [{ Name: 'Fine' }, { Industry: 'No name' }])).toThrow(
    /Required fields are missing/,
  )
  expect(records.count('Account')).toBe(3)
  expect(() => records.insert('Nope', [])).toThrow(/does not exist/)
  expect(() => records.get('Nope', CRM_SAMPLE_IDS.acme)).toThrow(/does not exist/)
})

it('acts as another actor at another version when told', () => {
  const { apps } = setup()
  const records = createRecordsAccess(apps.open(), { actor: 'admin', apiVersion: '60.0' })
  expect(records.get('Account', CRM_SAMPLE_IDS.acme)).toHaveProperty('AnnualRevenue')
  expect(records.get('Account', CRM_SAMPLE_IDS.acme, { actor: 'integration' })).not.toHaveProperty(
    'AnnualRevenue',
  )
  expect(records.get('Account', CRM_SAMPLE_IDS.acme, { apiVersion: '51.0' })).not.toHaveProperty('Tier__c')
  expect(() => records.create('Account', { Name: 'x' }, { actor: 'readonly' })).toThrow(/cannot be inserted/)
})

it("gives each environment's app its own Organization record, the seed's fields under its id", () => {
  const { apps } = setup()
  const [a, b] = [organizationIdOf('env_first'), organizationIdOf('env_second')]
  const first = apps.open(undefined, { organizationId: a })
  const second = apps.open(undefined, { organizationId: b })
  const organizationOf = (app: typeof first) => [...app.store.scan('Organization', { includeDeleted: true })]
  const [one] = organizationOf(first)
  const [two] = organizationOf(second)
  expect(organizationOf(first)).toHaveLength(1)
  expect(organizationOf(second)).toHaveLength(1)
  expect([one?.Id, two?.Id]).toEqual([a, b])
  expect({ ...two, Id: one?.Id }).toEqual(one)
  expect(one?.Name).toBeTruthy()
  // a snapshot of one opened for the other swaps the record for the other's
  const moved = apps.open(first.serialise(), { organizationId: b })
  expect(organizationOf(moved)).toEqual([two])
})
