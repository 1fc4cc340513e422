/**
 * @module
 * zod validation of a route's inputs (`@hono/zod-validator`), with failures turned into
 * `invalid_request` and `error.fields` (field path -> messages).
 */
import { zValidator } from '@hono/zod-validator'
import type { MiddlewareHandler, ValidationTargets } from 'hono'
import type { z } from 'zod'
import { type FieldErrors, invalidRequest } from '../../management/errors.js'

const WHERE: Record<keyof ValidationTargets, string> = {
  json: 'body',
  form: 'body',
  query: 'query',
  param: 'path',
  header: 'headers',
  cookie: 'cookies',
}

export function fieldErrors(issues: readonly z.core.$ZodIssue[], root = '(root)'): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || root
    fields[key] = [...(fields[key] ?? []), issue.message]
  }
  return fields
}

export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) {
        const fields = fieldErrors(result.error.issues)
        throw invalidRequest(`Failed to validate the request ${WHERE[target]}: ${summarise(fields)}`, fields)
      }
    },
    // every schema here is synchronous; the default safeParseAsync costs a chain of microtasks per input
    { validationFunction: (zodSchema: Schema, value: unknown) => zodSchema.safeParse(value) as never },
  )
}

/** A JSON body: requires a JSON content type (the stock validator silently reads `{}` otherwise). */
export function validJson<Schema extends z.ZodType>(schema: Schema) {
  const requireJson: MiddlewareHandler = async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
    if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
      throw invalidRequest('Failed to read the request body: Content-Type must be application/json', {
        'content-type': [type ? `Unsupported content type "${type}"` : 'Missing content type'],
      })
    }
    await next()
  }
  return [requireJson, valid('json', schema)] as const
}

function summarise(fields: FieldErrors): string {
  return Object.entries(fields)
    .slice(0, 3)
    .map(([key, messages]) => `${key}: ${messages[0]}`)
    .join('; ')
}
