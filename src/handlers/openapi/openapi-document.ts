/**
 * @module
 * The management API's OpenAPI 3.1 document, generated from the operation table
 * (`../management/operations.ts`) and the zod schemas the routes validate with (`z.toJSONSchema`):
 * every operation with its parameters and their bounds, request bodies, success responses, and the
 * error body under each status the operation answers with, its `error.code` narrowed to the codes
 * of that status.
 * @see https://spec.openapis.org/oas/v3.1.0
 */
import * as z from 'zod'
import { App, AppList, Version, VersionList } from '../../schemas/app.js'
import { AuditEvent, AuditEventList } from '../../schemas/audit-event.js'
import { Principal } from '../../schemas/common.js'
import { CreateCredentials, Credentials } from '../../schemas/credentials.js'
import {
  CreateEnvironment,
  Environment,
  EnvironmentList,
  UpdateEnvironment,
} from '../../schemas/environment.js'
import { ErrorBody, type ErrorCode } from '../../schemas/error.js'
import { Me } from '../../schemas/me.js'
import {
  RecordedRequest,
  RecordedRequestDetail,
  RecordedRequestList,
  RequestStats,
} from '../../schemas/request.js'
import { CreateSnapshot, Snapshot, SnapshotList, UpdateSnapshot } from '../../schemas/snapshot.js'
import { Workspace, WorkspaceList } from '../../schemas/workspace.js'
import { VERSION } from '../../version.js'
import { STATUS_OF } from '../http/to-error-response.js'
import { errorCodesOf, type Operation, operations } from '../management/operations.js'

type JsonSchema = Record<string, unknown>

/** Components by name: responses are described as the server sends them (`io: 'output'`). */
const RESPONSE_SCHEMAS = {
  Principal,
  Me,
  App,
  AppList,
  Version,
  VersionList,
  Workspace,
  WorkspaceList,
  Environment,
  EnvironmentList,
  Snapshot,
  SnapshotList,
  AuditEvent,
  AuditEventList,
  Credentials,
  RecordedRequest,
  RecordedRequestList,
  RecordedRequestDetail,
  RequestStats,
  ErrorBody,
} satisfies Record<string, z.ZodType>

/** Request bodies, described as a client may send them (`io: 'input'`: defaults make fields optional). */
const BODY_SCHEMAS = {
  CreateEnvironment,
  UpdateEnvironment,
  CreateSnapshot,
  UpdateSnapshot,
  CreateCredentials,
} satisfies Record<string, z.ZodType>

const STATUS_MEANING: Record<number, string> = {
  400: 'Invalid request',
  401: 'Authentication required',
  403: 'Permission denied',
  404: 'Resource not found',
  409: 'Conflicting request',
  413: 'Request body too large',
  422: 'Version unavailable',
  429: 'Limit reached',
  500: 'Unexpected failure',
  503: 'Dependency unavailable',
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

/**
 * @note Query parameters are described by what the server makes of them (`io: 'output'`):
 * `limit` is an integer 1..100, not the text it arrives as. A transform's result has no JSON
 * Schema (`queryBoolean`'s text form); it is dropped from the union, leaving the boolean.
 */
function override(ctx: { jsonSchema: JsonSchema }): void {
  const { jsonSchema } = ctx
  const anyOf = jsonSchema.anyOf as JsonSchema[] | undefined
  if (!anyOf?.some((item) => Object.keys(item).length === 0)) return
  const kept = anyOf.filter((item) => Object.keys(item).length > 0)
  delete jsonSchema.anyOf
  if (kept.length === 1) Object.assign(jsonSchema, kept[0])
  else jsonSchema.anyOf = kept
}

const CONVERSION = { unrepresentable: 'any', override } as const

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { ...CONVERSION, io }) as JsonSchema
  return json
}

/** Named schemas, each referring to the others by `$ref`; and the name of each zod schema. */
function components(): { schemas: Record<string, JsonSchema>; names: Map<z.ZodType, string> } {
  const names = new Map<z.ZodType, string>()
  const schemas: Record<string, JsonSchema> = {}
  for (const [group, io] of [
    [RESPONSE_SCHEMAS, 'output'],
    [BODY_SCHEMAS, 'input'],
  ] as const) {
    const registry = z.registry<{ id: string }>()
    for (const [name, schema] of Object.entries(group)) {
      registry.add(schema, { id: name })
      names.set(schema, name)
    }
    const converted = z.toJSONSchema(registry, {
      ...CONVERSION,
      io,
      uri: (id) => `#/components/schemas/${id}`,
    })
    for (const [name, schema] of Object.entries(converted.schemas)) {
      const { $schema: _, $id: __, ...json } = schema as JsonSchema
      schemas[name] = json
    }
  }
  return { schemas, names }
}

function parameters(op: Operation): JsonSchema[] {
  const out: JsonSchema[] = []
  for (const [where, schema] of [
    ['path', op.param],
    ['query', op.query],
    ['header', op.header],
  ] as const) {
    if (!schema) continue
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>
    const properties = toSchema(schema, 'output').properties as Record<string, JsonSchema>
    for (const [name, field] of Object.entries(shape)) {
      const fieldSchema = properties[name]!
      out.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: fieldSchema,
        ...(fieldSchema.type === 'array'
          ? { style: 'form', explode: true, description: 'Repeated or comma-separated values' }
          : {}),
      })
    }
  }
  return out
}

function errorResponses(op: Operation): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of errorCodesOf(op)) {
    const status = STATUS_OF[code]
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const out: Record<string, JsonSchema> = {}
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = {
      description: `${STATUS_MEANING[status]}: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
      content: {
        'application/json': {
          schema: {
            allOf: [
              ref('ErrorBody'),
              {
                type: 'object',
                properties: { error: { type: 'object', properties: { code: { enum: codes } } } },
              },
            ],
          },
        },
      },
    }
  }
  return out
}

function operationObject(op: Operation, names: Map<z.ZodType, string>): JsonSchema {
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
    const name = names.get(schema)
    return name ? ref(name) : toSchema(schema, io)
  }
  const responses: Record<string, JsonSchema> = {}
  for (const success of op.responses) {
    const contentType = success.contentType ?? 'application/json'
    responses[success.status] = {
      description: success.description,
      headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
      content: {
        [contentType]: {
          schema: success.schema ? schemaOf(success.schema, 'output') : { type: 'string', format: 'binary' },
        },
      },
    }
  }
  Object.assign(responses, errorResponses(op))
  const params = parameters(op)
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.permission ? { description: `Requires the \`${op.permission}\` permission.` } : {}),
    tags: [op.tag],
    ...(op.public ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { 'application/json': { schema: schemaOf(op.body, 'input') } },
          },
        }
      : {}),
    responses,
  }
}

/**
 * The document. Its server is `/v1`, relative to wherever it is served from (the mock's
 * `baseUrl`), so the same document describes every mock.
 * @example const document = createOpenApiDocument()
 */
export function createOpenApiDocument(): JsonSchema {
  const { schemas, names } = components()
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const op of Object.values(operations) as Operation[]) {
    paths[op.path] ??= {}
    paths[op.path]![op.method] = operationObject(op, names)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Environment Management Service (replica-mock)',
      version: '1.0.0',
      description: `The management API as replica-mock ${VERSION} serves it. Every operation may also answer with the error body under the statuses it lists.`,
    },
    servers: [{ url: '/v1' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(Object.values(operations).map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A member session token or a workspace API key',
        },
      },
      headers: {
        RequestId: {
          description: 'Id of this call; equal to `error.requestId` on errors',
          required: true,
          schema: { type: 'string' },
        },
      },
      schemas,
    },
  }
}
