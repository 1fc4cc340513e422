/**
 * A CRM app on a given schema with its native REST handler called directly (no gateway, no
 * transport): for unit tests of what a schema drives (formulas, roll-ups) through the routes.
 */
import { createCrmDataSets } from '../../src/replica/crm-data.js'
import { createCrmRoutes } from '../../src/replica/handlers/crm-routes.js'
import type { NativeCall } from '../../src/replica/native-call.js'
import type { CrmSchemaInput } from '../../src/schemas/crm-schema.js'

export const V = '/services/data/v60.0'

const call: NativeCall = {
  environmentId: 'env_1',
  appName: 'crm',
  appId: 'crm',
  versionId: 'v',
  actor: 'admin',
  apiVersions: ['60.0'],
}

export function nativeReplica(schema: CrmSchemaInput, now = '2026-02-01T00:00:00Z') {
  const app = createCrmDataSets({ clock: { now: () => new Date(now) }, schema }).open()
  const handler = createCrmRoutes({ dataFor: () => app }).handler
  /** The handler's answer to a call of `V + path`. */
  const raw = (method: string, path: string, body?: unknown) =>
    handler(
      new Request(`http://replica.test${V}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      call,
    )
  /** The status and parsed JSON body of a call. */
  const send = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: any }> => {
    const response = await raw(method, path, body)
    const text = await response.text()
    return { status: response.status, body: text === '' ? null : JSON.parse(text) }
  }
  const query = async (soql: string) => (await send('GET', `/query?q=${encodeURIComponent(soql)}`)).body
  return { app, raw, send, query }
}
