/**
 * @module
 * Floors printed beside the in-process figures: Hono apps that answer the same JSON as the replica
 * with no domain work at all (no token, store, schema or recording), called the same way. What one
 * of them costs is what any app built on Hono and the Fetch API pays on this Node before it does
 * anything.
 */
import { Hono } from 'hono'

/** The answers a management floor replays, as the replica gave them (JSON values). */
export interface ManagementAnswers {
  created: unknown
  environment: unknown
  deleted: unknown
  workspace: unknown
}

/**
 * `/v1/environments` create (its JSON body read), get and delete, and `/v1/workspaces/{id}`,
 * each answering a fixed value with `c.json()`: real Fetch Responses, as `mock.fetch` answers.
 */
export function minimalManagementApp(answers: ManagementAnswers): Hono {
  const app = new Hono()
  app.post('/v1/environments', async (c) => {
    const body = await c.req.json<{ apps?: unknown }>()
    if (body.apps === undefined) return c.json({ error: 'apps' }, 400)
    return c.json(answers.created as object, 201)
  })
  app.get('/v1/environments/:id', (c) => c.json(answers.environment as object))
  app.delete('/v1/environments/:id', (c) => c.json(answers.deleted as object))
  app.get('/v1/workspaces/:id', (c) => c.json(answers.workspace as object))
  return app
}

const JSON_TYPE = { 'content-type': 'application/json;charset=UTF-8' }

/**
 * A record read (`record` serialised on every call, as a handler must) and a create (the body read
 * and parsed, a fixed answer), answered with `c.body()` as the replica's native handler answers.
 */
export function minimalNativeApp(record: Record<string, unknown>, created: string): Hono {
  const app = new Hono()
  app.get('/services/data/:version/sobjects/:object/:id', (c) =>
    c.body(JSON.stringify(record), 200, JSON_TYPE),
  )
  app.post('/services/data/:version/sobjects/:object', async (c) => {
    const body = JSON.parse(await c.req.text()) as Record<string, unknown>
    if (typeof body.Name !== 'string') return c.body('[]', 400, JSON_TYPE)
    return c.body(created, 201, JSON_TYPE)
  })
  return app
}
