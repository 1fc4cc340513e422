import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { ApexRestRoutes } from '../../replica/apex/apex-types.js'
import type { ReplicaMockOptions } from '../../runtime/options.js'
import { createReplicaServer } from '../create-replica-server.js'

const MEMBER = { authorization: 'Bearer test-member-token', 'content-type': 'application/json' }

async function createEnvironments(url: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/v1/environments`, {
      method: 'POST',
      headers: MEMBER,
      body: '{"apps":["crm"]}',
    })
    expect(response.status).toBe(202)
    ids.push(((await response.json()) as { id: string }).id)
    await fetch(`${url}/v1/environments/${ids.at(-1)}`, { method: 'DELETE', headers: MEMBER })
  }
  return ids
}

it('journals each acknowledged write before answering, and compacts past the bound', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-persist-')), 'state.json')
  // above one environment's journal (its Organization and Users), below twelve environments'
  const journalMaxBytes = 64 * 1024
  const server = await createReplicaServer({ port: 0, stateFile, journalMaxBytes })
  expect(statSync(`${stateFile}.journal`).size).toBe(0)
  const [first] = await createEnvironments(server.url, 1)
  // answered: so on disk, in the journal (under the bound, so not compacted yet)
  const journalBytes = statSync(`${stateFile}.journal`).size
  expect(journalBytes).toBeGreaterThan(0)
  expect(journalBytes).toBeLessThan(journalMaxBytes)
  expect(readFileSync(`${stateFile}.journal`, 'latin1')).toContain(first)
  // the bound is the larger of journalMaxBytes and the snapshot: past it the journal is folded in
  await createEnvironments(server.url, 12)
  expect(statSync(`${stateFile}.journal`).size).toBeLessThan(
    Math.max(journalMaxBytes, statSync(stateFile).size),
  )
  expect(readFileSync(stateFile, 'utf8')).toContain(first)
  await server.close()
  expect(statSync(`${stateFile}.journal`).size).toBe(0)
})

it('restarts into the same state, reset and clock changes included', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-persist-')), 'state.json')
  const server = await createReplicaServer({ port: 0, stateFile, clock: 'manual' })
  const [gone] = await createEnvironments(server.url, 1)
  expect((await fetch(`${server.url}/__replica/reset`, { method: 'POST' })).status).toBe(200)
  const [kept] = await createEnvironments(server.url, 1)
  await fetch(`${server.url}/__replica/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"advanceMs":60000}',
  })
  const before = server.mock.exportState()
  await server.close()

  const again = await createReplicaServer({ port: 0, stateFile })
  const after = again.mock.exportState()
  expect(after.store).toEqual(before.store)
  expect(after.environmentData).toEqual(before.environmentData)
  expect(after.clock).toEqual(before.clock)
  expect(JSON.stringify(after.store)).not.toContain(gone)
  expect(JSON.stringify(after.store)).toContain(kept)
  await again.close()
})

it('journals the platform events published for good, and none a rolled-back call published', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'replica-persist-')), 'state.json')
  const schema = [
    {
      platformEvents: [
        {
          name: 'Shipped__e',
          label: 'Shipped',
          fields: [
            {
              name: 'Ref__c',
              label: 'Ref',
              type: 'string',
              length: 10,
              createable: true,
              updateable: false,
              nillable: true,
            },
          ],
        },
      ],
    },
  ] satisfies ReplicaMockOptions['schema']
  const apexRest: ApexRestRoutes = {
    'POST /ship': ({ eventBus, request }) => {
      const body = request.body as { ref: string; fail?: boolean }
      eventBus.publish('Shipped__e', { Ref__c: body.ref })
      if (body.fail) throw new Error('not shipped')
    },
  }
  const first = await createReplicaServer({ port: 0, stateFile, schema, apexRest })
  const created = await fetch(`${first.url}/v1/environments`, {
    method: 'POST',
    headers: MEMBER,
    body: '{"apps":["crm"]}',
  })
  const environmentId = ((await created.json()) as { id: string }).id
  const credentials = (await (
    await fetch(`${first.url}/v1/environments/${environmentId}/apps/crm/credentials`, {
      method: 'POST',
      headers: MEMBER,
    })
  ).json()) as { url: string; token: string }
  const post = (path: string, body: unknown) =>
    fetch(credentials.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  expect((await post('/services/data/v60.0/sobjects/Shipped__e', { Ref__c: 'REST' })).status).toBe(201)
  expect((await post('/services/apexrest/ship', { ref: 'GONE', fail: true })).status).toBe(500)
  expect((await post('/services/apexrest/ship', { ref: 'APEX' })).status).toBe(200)

  // the first server never compacts: the second reads the state file and replays the journal
  const second = await createReplicaServer({ port: 0, stateFile, schema, apexRest })
  expect(second.mock.events(environmentId).map((event) => [event.replayId, event.fields.Ref__c])).toEqual([
    [1, 'REST'],
    [2, 'APEX'],
  ])
  await second.close()
  await first.close()
})
