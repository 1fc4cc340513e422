import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../fixtures/crm/index.js'
import { describeGlobal, describeObject } from './describe.js'
import {
  DESCRIBE_KEYS,
  type DescribePart,
  keyExistsAt,
  keysAbsentAt,
  withoutKeys,
} from './describe-keys-by-version.js'
import { createMetadataService } from './metadata-service.js'

const metadata = createMetadataService(crmSchemaInput)
const view = (apiVersion: string) => ({ apiVersion, actor: 'admin' })

it('places each key from the version that introduced it, and up to the last that had it', () => {
  expect(keyExistsAt('sobject', 'associateEntityType', '49.0')).toBe(false)
  expect(keyExistsAt('sobject', 'associateEntityType', '50.0')).toBe(true)
  expect(keyExistsAt('field', 'aiPredictionField', 42)).toBe(false)
  expect(keyExistsAt('field', 'aiPredictionField', 43)).toBe(true)
  expect(keyExistsAt('urls', 'defaultValues', '48.0')).toBe(true)
  expect(keyExistsAt('urls', 'defaultValues', '49.0')).toBe(false)
  expect(keyExistsAt('sobject', 'noSuchKey', '60.0')).toBe(false)
})

it('lists what a version lacks, and drops exactly that', () => {
  expect(keysAbsentAt('sobject', '48.0')).toEqual(
    expect.arrayContaining(['associateEntityType', 'associateParentEntity', 'sobjectDescribeOption']),
  )
  expect(keysAbsentAt('sobject', '48.0')).not.toContain('deepCloneable')
  expect(keysAbsentAt('field', '60.0')).toEqual([])
  const value = { a: 1, b: 2 }
  expect(withoutKeys(value, [])).toBe(value)
  expect(withoutKeys(value, ['b'])).toEqual({ a: 1 })
})

it('knows every key the replica’s describe answers carry (the table is the one place they are listed)', () => {
  const unknown: string[] = []
  const check = (part: DescribePart, value: object, where: string) => {
    for (const key of Object.keys(value)) if (!(key in DESCRIBE_KEYS[part])) unknown.push(`${where}.${key}`)
  }
  for (const entry of describeGlobal(metadata, view('60.0')).sobjects) {
    check('global', entry, 'global')
    check('urls', entry.urls, 'global.urls')
  }
  for (const object of metadata.objects()) {
    for (const version of ['48.0', '60.0']) {
      const described = describeObject(metadata, object.name, view(version), 'https://x')
      check('sobject', described, 'sobject')
      check('urls', described.urls, 'sobject.urls')
      for (const field of described.fields) check('field', field, 'field')
      for (const child of described.childRelationships) check('childRelationship', child, 'childRelationship')
      for (const info of described.recordTypeInfos) check('recordTypeInfo', info, 'recordTypeInfo')
    }
  }
  expect([...new Set(unknown)]).toEqual([])
})
