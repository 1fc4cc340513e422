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
 * and parsed, a fixed answer), answered with `c.body()` as the replica's routes answer, at the
 * replica's app URLs (`/apps/{environment}/{app}/services/...`).
 */
export function minimalNativeApp(record: Record<string, unknown>, created: string): Hono {
  const app = new Hono()
  const base = '/apps/:environment/:app/services/data/:version/sobjects/:object'
  app.get(`${base}/:id`, (c) => c.body(JSON.stringify(record), 200, JSON_TYPE))
  app.post(base, async (c) => {
    const body = JSON.parse(await c.req.text()) as Record<string, unknown>
    if (typeof body.Name !== 'string') return c.body('[]', 400, JSON_TYPE)
    return c.body(created, 201, JSON_TYPE)
  })
  return app
}

/** What the required-work floor records of a call (a bounded ring, as the replica keeps). */
interface FloorCall {
  method: string
  path: string
  status: number
  requestHeaders: Record<string, string>
  responseHeaders: Record<string, string>
  responsePreview: string
}

const RING = 10_000
const PREVIEW = 4096

/**
 * The work a native record read and create must do, each step the simplest way and none of the
 * replica's code: the app token looked up in a `Map` (the environment it names), the record found
 * in a `Map` and serialised, a create's JSON body parsed, its `Name` checked and the record stored
 * under a new id; the route answers through `c.body()`, and middleware in front of it reads that
 * answer and answers anew (what recording a call from what the route answered takes), keeping the
 * call in a ring with its `Authorization` redacted and a 4 KiB preview. Under
 * `/apps/{environment}/{app}` like the replica's app URLs.
 */
export function requiredWorkNativeApp(
  record: Record<string, unknown>,
  environmentId: string,
  token: string,
): Hono {
  const tokens = new Map([[token, environmentId]])
  const records = new Map([[String(record.Id), record]])
  const calls: FloorCall[] = []
  let next = 0
  const app = new Hono()
  app.use('/apps/*', async (c, next) => {
    const bearer = c.req.header('authorization')?.slice('Bearer '.length) ?? ''
    if (tokens.get(bearer) !== c.req.path.split('/')[2])
      return c.body('[{"errorCode":"INVALID_SESSION_ID"}]', 401, JSON_TYPE)
    await next()
    const answer = c.res
    const text = await answer.text()
    const requestHeaders = Object.fromEntries(c.req.raw.headers)
    requestHeaders.authorization = '[redacted]'
    calls.push({
      method: c.req.method,
      path: c.req.path,
      status: answer.status,
      requestHeaders,
      responseHeaders: Object.fromEntries(answer.headers),
      responsePreview: text.slice(0, PREVIEW),
    })
    if (calls.length > RING) calls.shift()
    c.res = undefined
    c.res = new Response(text, answer)
  })
  const base = '/apps/:environment/:app/services/data/:version/sobjects/:object'
  app.get(`${base}/:id`, (c) => {
    const found = records.get(c.req.param('id'))
    if (!found) return c.body('[{"errorCode":"NOT_FOUND"}]', 404, JSON_TYPE)
    return c.body(JSON.stringify(found), 200, JSON_TYPE)
  })
  app.post(base, async (c) => {
    const body = JSON.parse(await c.req.text()) as Record<string, unknown>
    if (typeof body.Name !== 'string')
      return c.body('[{"errorCode":"REQUIRED_FIELD_MISSING"}]', 400, JSON_TYPE)
    const id = `001${String(++next).padStart(15, '0')}`
    records.set(id, { ...body, Id: id })
    return c.body(JSON.stringify({ id, success: true, errors: [] }), 201, JSON_TYPE)
  })
  return app
}
