/**
 * @module
 * The same records for the replica and for json-server: a running environment whose CRM app holds
 * `count` Accounts, saved as a state file for `replica-mock serve --state-file`, and the same
 * Accounts (every field, as the replica returns them) in a json-server database file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createReplicaMock } from '../../src/index.js'

export interface SeededCrm {
  /** For `replica-mock serve --state-file`. */
  stateFile: string
  /** For `json-server`: `{ "accounts": [...] }`, each record's `id` its replica Id. */
  jsonServerFile: string
  environmentId: string
  /** An app token of the environment's CRM app. */
  token: string
  /** Id of the Account in the middle of the set. */
  readId: string
  /** Deletes the files. */
  remove(): void
}

export async function seedCrm(count: number): Promise<SeededCrm> {
  const mock = createReplicaMock()
  await mock.ready()
  const environment = await mock.seed.environment({ apps: ['crm'] })
  const records = mock.records(environment.id)
  const ids = records.insert(
    'Account',
    Array.from({ length: count }, (_, n) => ({
      Name: `Account ${n}`,
      AccountNumber: `AN-${n}`,
      Industry: 'Banking',
      Phone: '+1 555 0100',
      BillingCity: 'Phoenix',
    })),
  )
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/v1/environments/${environment.id}/apps/crm/credentials`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-member-token' },
    }),
  )
  if (!response.ok)
    throw new Error(`Failed to create credentials: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }

  const dir = mkdtempSync(join(tmpdir(), 'replica-bench-'))
  const stateFile = join(dir, 'state.json')
  writeFileSync(stateFile, JSON.stringify(mock.exportState()))
  const jsonServerFile = join(dir, 'db.json')
  const accounts = ids.map((id) => ({ id, ...records.get('Account', id) }))
  writeFileSync(jsonServerFile, JSON.stringify({ accounts }, null, 2))
  return {
    stateFile,
    jsonServerFile,
    environmentId: environment.id,
    token,
    readId: ids[ids.length >> 1]!,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
