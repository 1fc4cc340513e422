/**
 * Checks a `/v1` response against the OpenAPI document the server publishes: the operation the
 * method and path name, a status the document lists for it, and the body against that
 * response's schema (error bodies: with `error.code` one of the codes listed under that status).
 * The shared test client runs it on every `/v1` response, so the document cannot drift from what
 * the server answers.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { ValidateFunction } from 'ajv'
import { createOpenApiDocument } from '../../src/handlers/openapi/openapi-document.js'

const DOCUMENT_ID = 'https://replica-mock.test/openapi.json'

interface Route {
  method: string
  template: string
  pattern: RegExp
  /** Fixed segments first: `/requests/stats` before `/requests/{requestId}`. */
  fixed: number
}

interface Checker {
  document: any
  routes: Route[]
  ajv: InstanceType<typeof Ajv2020>
  compiled: Map<string, ValidateFunction>
}

let checker: Checker | undefined

function getChecker(): Checker {
  if (checker) return checker
  const document = createOpenApiDocument() as any
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })
  const routes: Route[] = []
  for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
    const segments = template.split('/').slice(1)
    const pattern = new RegExp(
      `^${segments.map((segment) => (segment.startsWith('{') ? '/[^/]+' : `/${escapeRegExp(segment)}`)).join('')}$`,
    )
    const fixed = segments.filter((segment) => !segment.startsWith('{')).length
    for (const method of Object.keys(item))
      routes.push({ method: method.toUpperCase(), template, pattern, fixed })
  }
  routes.sort((a, b) => b.fixed - a.fixed)
  checker = { document, routes, ajv, compiled: new Map() }
  return checker
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** JSON-pointer escaping of one reference token. */
const token = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1')

function validatorFor(state: Checker, pointer: string): ValidateFunction {
  let validate = state.compiled.get(pointer)
  if (!validate) {
    validate = state.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })
    state.compiled.set(pointer, validate)
  }
  return validate
}

export interface CheckedResponse {
  method: string
  /** Path as requested, `/v1/...`, query included or not. */
  path: string
  status: number
  contentType: string | null
  body: unknown
}

/** Throws when `response` is not what the document says `method path` answers. */
export function checkAgainstOpenApi(response: CheckedResponse): void {
  const method = response.method.toUpperCase()
  if (method === 'HEAD' || method === 'OPTIONS') return
  const state = getChecker()
  const path = response.path.split('?')[0]!.replace(/^\/v1(?=\/|$)/, '')
  const what = `${method} /v1${path} -> ${response.status}`
  const route = state.routes.find((candidate) => candidate.method === method && candidate.pattern.test(path))
  if (!route) {
    // no operation: the unknown-route answer (401 first when the token is missing or wrong)
    if (response.status !== 404 && response.status !== 401) {
      throw new Error(`OpenAPI check: ${what}: no operation has this method and path`)
    }
    assertValid(state, `/components/schemas/ErrorBody`, response.body, what)
    return
  }
  const operation = state.document.paths[route.template][route.method.toLowerCase()]
  const declared = operation.responses[response.status]
  if (!declared) {
    throw new Error(
      `OpenAPI check: ${what}: ${operation.operationId} does not list status ${response.status} (it lists ${Object.keys(operation.responses).join(', ')})\n${JSON.stringify(response.body)}`,
    )
  }
  const [contentType] = Object.keys(declared.content ?? {})
  const received = response.contentType?.split(';')[0]?.trim() ?? null
  if (contentType !== received) {
    throw new Error(`OpenAPI check: ${what}: content type ${received}, the document says ${contentType}`)
  }
  if (contentType !== 'application/json') return
  const pointer = `/paths/${token(route.template)}/${route.method.toLowerCase()}/responses/${response.status}/content/${token(contentType)}/schema`
  assertValid(state, pointer, response.body, `${what} (${operation.operationId})`)
}

function assertValid(state: Checker, pointer: string, body: unknown, what: string): void {
  const validate = validatorFor(state, pointer)
  if (validate(body)) return
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
    .join('; ')
  throw new Error(
    `OpenAPI check: ${what}: the body does not match the document: ${problems}\n${JSON.stringify(body)}`,
  )
}
