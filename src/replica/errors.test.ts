import { expect, it } from 'vitest'
import {
  CustomValidationError,
  EntityIsDeletedError,
  FieldValidationError,
  isReplicaError,
  NotFoundError,
  ReplicaError,
  UnsupportedFeatureError,
} from './errors.js'

it('serialises to the native error item', () => {
  const error = new FieldValidationError('STRING_TOO_LONG', 'Name: data value too large', ['Name'])
  expect(JSON.parse(JSON.stringify(error))).toEqual({
    message: 'Name: data value too large',
    errorCode: 'STRING_TOO_LONG',
    fields: ['Name'],
  })
})

it('gives each subclass its Salesforce code', () => {
  expect(new NotFoundError()).toMatchObject({
    code: 'NOT_FOUND',
    message: 'The requested resource does not exist',
  })
  expect(new EntityIsDeletedError(['AccountId'])).toMatchObject({
    code: 'ENTITY_IS_DELETED',
    message: 'entity is deleted',
    fields: ['AccountId'],
  })
  expect(new CustomValidationError('No.', ['Amount']).code).toBe('FIELD_CUSTOM_VALIDATION_EXCEPTION')
  expect(new UnsupportedFeatureError('TYPEOF').message).toContain('TYPEOF is not supported')
})

it('recognises replica errors', () => {
  expect(isReplicaError(new NotFoundError())).toBe(true)
  expect(new NotFoundError()).toBeInstanceOf(ReplicaError)
  expect(isReplicaError(new Error('x'))).toBe(false)
})
