import { expect, it } from 'vitest'
import {
  EntityIsDeletedError,
  FieldValidationError,
  NotFoundError,
  ReplicaError,
  UnsupportedFeatureError,
} from '../errors.js'
import { nativeErrorItem, nativeErrorStatus } from './to-native-error-response.js'

it('maps each code to the status of the real API, 400 unless listed', () => {
  expect(nativeErrorStatus(new NotFoundError())).toBe(404)
  expect(nativeErrorStatus(new ReplicaError('METHOD_NOT_ALLOWED', 'x'))).toBe(405)
  expect(nativeErrorStatus(new UnsupportedFeatureError('Composite'))).toBe(501)
  expect(nativeErrorStatus(new ReplicaError('MALFORMED_QUERY', 'x'))).toBe(400)
  expect(nativeErrorStatus(new FieldValidationError('STRING_TOO_LONG', 'x', ['Name']))).toBe(400)
  expect(nativeErrorStatus(new ReplicaError('UNKNOWN_EXCEPTION', 'x'))).toBe(500)
})

it('answers a deleted record named by the path with 404, one named by a field with 400', () => {
  expect(nativeErrorStatus(new EntityIsDeletedError())).toBe(404)
  expect(nativeErrorStatus(new EntityIsDeletedError(['AccountId']))).toBe(400)
})

it('writes fields on save errors and errors naming fields, and leaves them out otherwise', () => {
  expect(nativeErrorItem(new FieldValidationError('REQUIRED_FIELD_MISSING', 'm', ['Name']))).toEqual({
    message: 'm',
    errorCode: 'REQUIRED_FIELD_MISSING',
    fields: ['Name'],
  })
  expect(nativeErrorItem(new EntityIsDeletedError())).toEqual({
    message: 'entity is deleted',
    errorCode: 'ENTITY_IS_DELETED',
    fields: [],
  })
  expect(nativeErrorItem(new NotFoundError())).toEqual({
    message: 'The requested resource does not exist',
    errorCode: 'NOT_FOUND',
  })
  expect(nativeErrorItem(new ReplicaError('JSON_PARSER_ERROR', 'bad', ['NumberOfEmployees']))).toEqual({
    message: 'bad',
    errorCode: 'JSON_PARSER_ERROR',
    fields: ['NumberOfEmployees'],
  })
})
