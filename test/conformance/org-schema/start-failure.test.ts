import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, inject, it } from 'vitest'
import { createReplicaMock, type ReplicaMockOptions } from '../../../src/index.js'
import { createReplicaServer } from '../../../src/server/index.js'

// A source that cannot be read fails the start: `ready()` in-process, `createReplicaServer` (and
// so `serve`) over HTTP, naming the file and the line.
const transport = inject('transport')

/** A package directory whose one field file is broken on line 4. */
function brokenPackage(): { folder: string; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'replica-schema-'))
  const fields = join(folder, 'objects', 'Thing__c', 'fields')
  mkdirSync(fields, { recursive: true })
  const file = join(fields, 'Size__c.field-meta.xml')
  writeFileSync(
    file,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<CustomField xmlns="http://soap.sforce.com/2006/04/metadata">',
      '    <fullName>Size__c</fullName>',
      '    <label>Size</labl>',
      '</CustomField>',
    ].join('\n'),
  )
  return { folder, file }
}

async function startFailure(options: ReplicaMockOptions): Promise<Error> {
  if (transport === 'http') {
    const error = await createReplicaServer({ ...options, port: 0 }).then(
      async (server) => {
        await server.close()
        throw new Error('the server started')
      },
      (failure: Error) => failure,
    )
    return error
  }
  const mock = createReplicaMock(options)
  return mock.ready().then(
    () => {
      throw new Error('the mock started')
    },
    (failure: Error) => failure,
  )
}

it('fails the start naming the file and line of a broken source', async () => {
  const { folder, file } = brokenPackage()
  const error = await startFailure({ schema: folder })
  expect(error.message).toContain(`Failed to load org schema "${file}" (line 4`)
})

it('fails the start on a path that does not exist, naming it', async () => {
  const missing = join(tmpdir(), 'replica-no-such-schema')
  const error = await startFailure({ schema: [missing] })
  expect(error.message).toContain(`Failed to load org schema "${missing}"`)
})

it('fails a strict start on what the replica cannot serve, naming the file', async () => {
  const { SFDX_PROJECT } = await import('../../support/org-schema.js')
  const error = await startFailure({ schema: SFDX_PROJECT, schemaStrict: true })
  expect(error.message).toMatch(
    /^Failed to load org schema ".*sfdx-project.*": strict load: \d+ item\(s\) cannot be loaded/,
  )
})

it('fails the start on a data row that breaks a validation rule, naming the file and line', async () => {
  const { DATA_BREAKING_RULE, SFDX_PROJECT } = await import('../../support/org-schema.js')
  const error = await startFailure({ schema: SFDX_PROJECT, data: DATA_BREAKING_RULE })
  expect(error.message).toContain(`${join(DATA_BREAKING_RULE, 'Property__c.csv')} line 3`)
})

// in-process only in effect (a server that fails to start never listens); runs in both projects
it('answers every request of a mock that failed to start with 503', async () => {
  const mock = createReplicaMock({ schema: join(tmpdir(), 'replica-no-such-schema') })
  await expect(mock.ready()).rejects.toThrow()
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/v1/me`, { headers: { authorization: 'Bearer test-api-key' } }),
  )
  expect(response.status).toBe(503)
  expect(await response.json()).toMatchObject({
    error: { code: 'unavailable', message: expect.stringContaining('Failed to load org schema') },
  })
})

it('refuses a schema document that is not one, at creation', () => {
  expect(() => createReplicaMock({ schema: ['./force-app', { objects: [] }] })).toThrow(
    /Failed to create the mock: schema\.1\.objects: A schema document declares at least one object or platform event/,
  )
})
