import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { resolveHeader } from './header-columns.js'
import { columnOf, rowInput } from './row-input.js'

const metadata = createMetadataService(crmSchemaInput)
const view = { apiVersion: '60.0', actor: 'admin' }
const columnsOf = (object: string, header: string[]) =>
  resolveHeader(metadata, metadata.getObject(object), header, view)

it('returns the record-service body of a row: blanks left out, #N/A as null', () => {
  const columns = columnsOf('Account', ['name', 'Industry', 'Phone'])
  expect(rowInput(columns, ['Acme', '', '#N/A'])).toEqual({ Name: 'Acme', Phone: null })
})

it('returns a relationship column as a reference by external id, and #N/A as a cleared reference', () => {
  const columns = columnsOf('Contact', ['LastName', 'Account.External_Id__c'])
  expect(rowInput(columns, ['Doe', 'ACME-001'])).toEqual({
    LastName: 'Doe',
    Account: { External_Id__c: 'ACME-001' },
  })
  expect(rowInput(columns, ['Doe', '#N/A'])).toEqual({ LastName: 'Doe', AccountId: null })
})

it('names the parent type of a polymorphic relationship column', () => {
  const columns = columnsOf('Task', ['Subject', 'Contact:Who.Email'])
  expect(rowInput(columns, ['Call', 'a@b.test'])).toEqual({
    Subject: 'Call',
    Who: { Email: 'a@b.test', attributes: { type: 'Contact' } },
  })
})

it('leaves out the column an operation passes on its own', () => {
  const columns = columnsOf('Account', ['Id', 'Name'])
  expect(columnOf(columns, 'Id')).toBe(0)
  expect(rowInput(columns, ['001Rm0000000001IAA', 'Acme'], 0)).toEqual({ Name: 'Acme' })
})

it('errors on an unknown polymorphic type, a missing one, and a field the view cannot see', () => {
  expect(() => columnsOf('Task', ['Account:Who.Name'])).toThrow(/Account is not an object Who can point to/)
  expect(() => columnsOf('Task', ['Who.Email'])).toThrow(/Who is polymorphic/)
  expect(() =>
    resolveHeader(metadata, metadata.getObject('Account'), ['AnnualRevenue'], {
      apiVersion: '60.0',
      actor: 'integration',
    }),
  ).toThrow('InvalidBatch : Field name not found : AnnualRevenue')
})
