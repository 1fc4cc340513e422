import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { csvValue } from './csv-values.js'

const metadata = createMetadataService(crmSchemaInput)
const field = (object: string, name: string) => metadata.findField(object, name)!

it('writes stored datetimes in UTC with Z', () => {
  const createdDate = field('Account', 'CreatedDate')
  expect(csvValue(createdDate, '2026-05-01T10:00:00.000+0000')).toBe('2026-05-01T10:00:00.000Z')
  expect(csvValue(createdDate, '2026-05-02T11:30:00.250+0000')).toBe('2026-05-02T11:30:00.250Z')
})

it('leaves text that ends like a datetime alone, and writes other values as text, null as null', () => {
  expect(csvValue(field('Account', 'Name'), 'Shift +0000')).toBe('Shift +0000')
  expect(csvValue(field('Account', 'NumberOfEmployees'), 1200)).toBe('1200')
  expect(csvValue(field('Contact', 'DoNotCall'), false)).toBe('false')
  expect(csvValue(field('Account', 'Name'), null)).toBeNull()
})
