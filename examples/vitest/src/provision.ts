/**
 * A small client of the Environment Management Service: start an environment, wait until it runs,
 * load accounts into its CRM app through the app's native REST API (with jsforce), and snapshot it.
 */
import { Connection } from 'jsforce'

export interface ServiceOptions {
  /** Origin of the service, e.g. `https://api.replica.test`. */
  baseUrl: string
  apiKey: string
  /** Poll interval while waiting for a status. @default 1000 */
  pollMs?: number
}

export interface Environment {
  id: string
  name: string | null
  status: 'starting' | 'running' | 'paused' | 'failed' | 'deleted'
  failure: { code: string; message: string } | null
}

export interface Snapshot {
  id: string
  environmentId: string
  name: string | null
  status: 'saving' | 'ready' | 'failed' | 'deleted'
}

export async function provisionWithAccounts(
  service: ServiceOptions,
  input: { name: string; accounts: { Name: string; Industry?: string }[] },
): Promise<{ environment: Environment; accountIds: string[]; snapshot: Snapshot }> {
  const created = await call<Environment>(service, 'POST', '/v1/environments', {
    name: input.name,
    apps: ['crm'],
  })
  const environment = await waitFor<Environment>(service, `/v1/environments/${created.id}`, 'running')
  const connection = await connect(service, environment.id)
  const accountIds: string[] = []
  for (const account of input.accounts) {
    const result = await connection.sobject('Account').create(account)
    if (!result.success) throw new Error(`Failed to create account ${account.Name}`)
    accountIds.push(result.id)
  }
  const saving = await call<Snapshot>(service, 'POST', '/v1/snapshots', {
    environmentId: environment.id,
    name: `${input.name} with accounts`,
  })
  const snapshot = await waitFor<Snapshot>(service, `/v1/snapshots/${saving.id}`, 'ready')
  return { environment, accountIds, snapshot }
}

/** A jsforce connection to the environment's CRM app, with fresh credentials. */
export async function connect(service: ServiceOptions, environmentId: string): Promise<Connection> {
  const credentials = await call<{ url: string; token: string }>(
    service,
    'POST',
    `/v1/environments/${environmentId}/apps/crm/credentials`,
  )
  return new Connection({ instanceUrl: credentials.url, accessToken: credentials.token, version: '60.0' })
}

async function waitFor<T extends { status: string; failure?: unknown }>(
  service: ServiceOptions,
  path: string,
  status: T['status'],
): Promise<T> {
  for (;;) {
    const resource = await call<T>(service, 'GET', path)
    if (resource.status === status) return resource
    if (resource.status === 'failed' || resource.status === 'deleted') {
      throw new Error(`${path} is ${resource.status}: ${JSON.stringify(resource.failure ?? null)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, service.pollMs ?? 1000))
  }
}

async function call<T>(service: ServiceOptions, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(service.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${service.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const payload = await response.json()
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${payload.error?.code}`)
  return payload as T
}
