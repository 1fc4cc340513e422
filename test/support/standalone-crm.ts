/**
 * A new environment with the CRM app and its credentials, made over the management API of a
 * standalone server exactly as a user's code would: what the stock-client tests (jsforce, the
 * Salesforce CLI) start from.
 */
import { Credentials, Environment } from '../../src/schemas/index.js'

export async function createCrmEnvironment(
  serverUrl: string,
): Promise<{ environment: Environment; credentials: Credentials }> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(serverUrl + path, {
      method: 'POST',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`Failed to POST ${path}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  const environment = Environment.parse(await post('/v1/environments', { apps: ['crm'] }))
  const credentials = Credentials.parse(
    await post(`/v1/environments/${environment.id}/apps/crm/credentials`, {}),
  )
  return { environment, credentials }
}
