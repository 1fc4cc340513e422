/**
 * @module
 * `POST /v1/environments/{environmentId}/apps/{appName}/credentials`. The body (`{ actorId? }`) may
 * be left out entirely: a bare POST asks for the default actor's credentials.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ManagementContext } from '../../management/context.js'
import { createCredentials } from '../../management/credentials.js'
import { invalidRequest } from '../../management/errors.js'
import { AppName, Id } from '../../schemas/common.js'
import { CreateCredentials } from '../../schemas/credentials.js'
import type { ReplicaEnv } from '../http/replica-env.js'
import { fieldErrors, valid } from '../http/validate.js'
import { callOf, requires } from './operation-middleware.js'

const CredentialsPath = z.object({ environmentId: Id, appName: AppName })

export function credentialsRoutes(ctx: ManagementContext) {
  return new Hono<ReplicaEnv>().post(
    '/environments/:environmentId/apps/:appName/credentials',
    requires('environments:connect'),
    valid('param', CredentialsPath),
    async (c) => {
      const { environmentId, appName } = c.req.valid('param')
      const body = CreateCredentials.safeParse(
        await optionalJsonBody(c.req.header('content-type'), await c.req.text()),
      )
      if (!body.success) {
        const fields = fieldErrors(body.error.issues)
        throw invalidRequest(`Failed to validate the request body: ${Object.keys(fields).join(', ')}`, fields)
      }
      return c.json(await createCredentials(ctx, callOf(c), environmentId, appName, body.data))
    },
  )
}

/** `{}` for an empty body; otherwise the body must be JSON sent as JSON. */
function optionalJsonBody(contentType: string | undefined, text: string): unknown {
  if (text.trim() === '') return {}
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
    throw invalidRequest('Failed to read the request body: Content-Type must be application/json', {
      'content-type': [type ? `Unsupported content type "${type}"` : 'Missing content type'],
    })
  }
  try {
    return JSON.parse(text)
  } catch {
    throw invalidRequest('Failed to read the request body: it is not valid JSON', {
      '(root)': ['Malformed JSON'],
    })
  }
}
