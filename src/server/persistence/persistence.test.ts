import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
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
  const server = await createReplicaServer({ port: 0, stateFile, journalMaxBytes: 1 })
  const snapshotBytes = statSync(stateFile).size
  expect(statSync(`${stateFile}.journal`).size).toBe(0)
  const [first] = await createEnvironments(server.url, 1)
  // answered: so on disk, in the journal (smaller than the snapshot, so not compacted yet)
  const journalBytes = statSync(`${stateFile}.journal`).size
  expect(journalBytes).toBeGreaterThan(0)
  expect(journalBytes).toBeLessThan(snapshotBytes)
  expect(readFileSync(`${stateFile}.journal`, 'latin1')).toContain(first)
  // the bound is the larger of journalMaxBytes and the snapshot: past it the journal is folded in
  await createEnvironments(server.url, 12)
  expect(statSync(`${stateFile}.journal`).size).toBeLessThan(statSync(stateFile).size)
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
