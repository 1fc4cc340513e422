/**
 * The OpenAPI document: valid OpenAPI 3.1 by a maintained validator, every operation of the spec
 * with its bounds, and the response check the shared test client runs (it must be able to fail).
 */
import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../src/handlers/openapi/openapi-document.js'
import { runCli } from '../cli/run-cli.js'
import { checkAgainstOpenApi } from '../support/openapi-check.js'

const document = createOpenApiDocument() as any

/** The management API (docs/management-api.md): operationId -> method and path under /v1. */
const SPEC_OPERATIONS = {
  listApps: 'get /apps',
  listVersions: 'get /apps/{appId}/versions',
  listAuditEvents: 'get /audit-events',
  listEnvironments: 'get /environments',
  createEnvironment: 'post /environments',
  getEnvironment: 'get /environments/{environmentId}',
  updateEnvironment: 'patch /environments/{environmentId}',
  deleteEnvironment: 'delete /environments/{environmentId}',
  createCredentials: 'post /environments/{environmentId}/apps/{appName}/credentials',
  pauseEnvironment: 'post /environments/{environmentId}/pause',
  resumeEnvironment: 'post /environments/{environmentId}/resume',
  getMe: 'get /me',
  listRequests: 'get /requests',
  getRequestStats: 'get /requests/stats',
  getRequest: 'get /requests/{requestId}',
  getRequestBody: 'get /requests/{requestId}/body/{direction}',
  listSnapshots: 'get /snapshots',
  createSnapshot: 'post /snapshots',
  getSnapshot: 'get /snapshots/{snapshotId}',
  updateSnapshot: 'patch /snapshots/{snapshotId}',
  deleteSnapshot: 'delete /snapshots/{snapshotId}',
  listWorkspaces: 'get /workspaces',
  getWorkspace: 'get /workspaces/{workspaceId}',
}

const operation = (id: keyof typeof SPEC_OPERATIONS) => {
  const [method, path] = SPEC_OPERATIONS[id].split(' ') as [string, string]
  return document.paths[path][method]
}
const param = (id: keyof typeof SPEC_OPERATIONS, name: string) =>
  operation(id).parameters.find((p: any) => p.name === name)
const body = (name: string) => document.components.schemas[name].properties

describe('the document', () => {
  it('is valid OpenAPI 3.1 (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(document))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(result.specification).toBe('OpenAPI')
    expect(document.openapi).toBe('3.1.0')
  })

  it('has every management operation of the spec, by operationId, method and path', () => {
    for (const [id, where] of Object.entries(SPEC_OPERATIONS)) {
      const [method, path] = where.split(' ') as [string, string]
      expect(document.paths[path]?.[method]?.operationId, where).toBe(id)
    }
  })

  it('states the bounds of the spec', () => {
    expect(param('listApps', 'limit').schema).toEqual({
      default: 50,
      type: 'integer',
      minimum: 1,
      maximum: 100,
    })
    expect(param('listApps', 'cursor').schema).toEqual({ type: 'string', maxLength: 2048 })
    expect(param('listEnvironments', 'status').schema).toMatchObject({ type: 'array', maxItems: 5 })
    expect(param('listEnvironments', 'label').schema).toMatchObject({
      maxItems: 32,
      items: { pattern: '^[^=]+=.*$' },
    })
    expect(param('listEnvironments', 'search').schema).toEqual({ type: 'string', maxLength: 120 })
    expect(param('listSnapshots', 'status').schema).toMatchObject({ maxItems: 4 })
    expect(param('listRequests', 'environmentId').required).toBe(true)
    expect(param('listRequests', 'responseStatus').schema).toEqual({
      type: 'integer',
      minimum: 100,
      maximum: 599,
    })
    expect(param('listRequests', 'search').schema).toMatchObject({ maxLength: 200, pattern: '^[^\\0]*$' })
    expect(param('listRequests', 'writesOnly').schema).toEqual({ type: 'boolean' })
    expect(param('listRequests', 'from').required).toBe(false)
    expect(param('getRequestStats', 'from').required).toBe(true)
    expect(param('getRequest', 'requestId').schema.pattern).toBe('^req_[0-9a-z]{16}$')
    expect(param('getRequestBody', 'direction').schema.enum).toEqual(['request', 'response'])
    expect(param('listWorkspaces', 'archived').schema).toEqual({
      default: 'false',
      type: 'string',
      enum: ['true', 'false'],
    })
    expect(param('createEnvironment', 'idempotency-key')).toMatchObject({
      in: 'header',
      required: false,
      schema: { minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' },
    })
    expect(body('CreateEnvironment').apps).toMatchObject({ minItems: 1, maxItems: 10 })
    expect(body('CreateEnvironment').timeLimitMinutes).toEqual({ type: 'integer', minimum: 1, maximum: 1440 })
    expect(body('CreateEnvironment').labels.additionalProperties).toEqual({ type: 'string', maxLength: 256 })
    expect(document.components.schemas.UpdateSnapshot.required).toEqual(['name'])
    expect(operation('createCredentials').requestBody.required).toBe(false)
    expect(operation('createEnvironment').requestBody.required).toBe(true)
  })

  it('says which login parameters name the callback URLs of a connected app', () => {
    const login = document.components.schemas.Credentials.properties.login
    const details = (login.anyOf ?? login.oneOf).find((branch: any) => branch.type === 'object')
    expect(details.properties.parameters.description).toMatch(/`callback_urls`.*`callback_origins`/s)
  })

  it('lists the success responses and the error statuses each operation answers with', () => {
    expect(Object.keys(operation('createEnvironment').responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '403', '404', '409', '413', '422', '429', '500']),
    )
    expect(Object.keys(operation('getMe').responses).sort()).toEqual(['200', '401', '500'])
    expect(operation('getRequestBody').responses['200'].content).toHaveProperty('application/octet-stream')
    const conflict = operation('createSnapshot').responses['409'].content['application/json'].schema
    expect(conflict.allOf[1].properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(['invalid_status', 'snapshot_in_progress', 'idempotency_key_reused']),
    )
    expect(operation('listWorkspaces').security).toBeUndefined()
    expect(document.paths['/openapi.json'].get.security).toEqual([])
  })

  it('is what `replica-mock openapi` prints', async () => {
    const run = runCli(['openapi'])
    expect(await run.exited).toBe(0)
    expect(JSON.parse(run.stdout())).toEqual(document)
  })
})

describe('the response check of the test client', () => {
  const error = (code: string) => ({ error: { code, message: 'm', requestId: 'r' } })
  const json = 'application/json'

  it('passes what the document says', () => {
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/me/x',
        status: 404,
        contentType: json,
        body: error('not_found'),
      }),
    ).not.toThrow()
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/environments?limit=1',
        status: 200,
        contentType: json,
        body: { data: [], nextCursor: null },
      }),
    ).not.toThrow()
  })

  it('fails a status the operation does not list', () => {
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/me',
        status: 404,
        contentType: json,
        body: error('not_found'),
      }),
    ).toThrow(/getMe does not list status 404/)
  })

  it('fails an error code not listed under its status', () => {
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/environments/env_1',
        status: 409,
        contentType: json,
        body: error('invalid_status'),
      }),
    ).toThrow(/does not list status 409/)
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/environments/env_1',
        status: 404,
        contentType: json,
        body: error('name_taken'),
      }),
    ).toThrow(/\/error\/code must be equal to one of the allowed values/)
  })

  it('fails a body that does not match, and picks the fixed path before the template', () => {
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/requests/stats?environmentId=e',
        status: 200,
        contentType: json,
        body: { data: [], nextCursor: null },
      }),
    ).toThrow(/getRequestStats.*must have required property 'from'/)
  })

  it('fails a content type the document does not give', () => {
    expect(() =>
      checkAgainstOpenApi({
        method: 'GET',
        path: '/v1/me',
        status: 200,
        contentType: 'text/plain',
        body: '',
      }),
    ).toThrow(/content type text\/plain/)
  })
})
