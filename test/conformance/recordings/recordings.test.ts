/**
 * Each recorded real answer under test/recordings, replayed against the replica: the same
 * request, and the answer compared by shape (status, headers, keys, value types, error codes;
 * test/support/shape-compare.ts). A recording's `setup` names what its request needs first.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp } from '../../support/native.js'
import { fill, readRecordings, type Recording, rulesOf } from '../../support/recordings.js'
import { compareShape } from '../../support/shape-compare.js'

const test = conformanceTest({ clock: 'manual' })

/** Placeholders every recording may use. */
const COMMON = {
  /** A date after the seed's org was created: its metadata has not changed since. */
  afterOrgCreated: 'Tue, 06 Jan 2026 00:00:00 GMT',
}

type Setup = (app: AppConnection) => Promise<Record<string, string>>

const SETUPS: Record<string, Setup> = {
  async organization(app) {
    const found = await app.get('/services/data/v60.0/query?q=SELECT+Id+FROM+Organization')
    return { organizationId: found.body.records[0].Id }
  },
}

async function replay(app: AppConnection, recording: Recording) {
  const setup = recording.setup === undefined ? {} : await SETUPS[recording.setup]!(app)
  const bindings = { ...COMMON, ...setup }
  const { method, path, headers, json, body } = fill(recording.request, bindings)
  return app.request(method, path, {
    ...(headers ? { headers } : {}),
    ...(json === undefined ? {} : { json }),
    ...(body === undefined ? {} : { body }),
  })
}

const recordings = readRecordings()

test('reads every recording, each with its source and notes', () => {
  expect(recordings.length).toBeGreaterThan(0)
  for (const { name, recording } of recordings) {
    expect(recording.source.kind === 'documentation' || recording.source.commit !== undefined, name).toBe(
      true,
    )
  }
})

test.for(recordings.map((file) => [file.name, file.recording] as const))(
  'answers %s in the shape of the recording',
  async ([, recording], { client }) => {
    const app = await connectApp(client)
    if (recording.setup !== undefined) expect(SETUPS, 'setup').toHaveProperty(recording.setup)
    const response = await replay(app, recording)
    const expected = recording.response
    expect(response.status, response.text.slice(0, 2000)).toBe(expected.status)
    for (const header of expected.headers ?? []) {
      expect(response.headers.has(header), `header ${header}`).toBe(true)
    }
    if (expected.body === undefined || expected.body === null) {
      expect(response.text).toBe('')
      return
    }
    if (typeof expected.body === 'string') {
      const [recordedHeader] = expected.body.split('\n')
      const [header] = response.text.split('\n')
      expect(header!.split(','), 'CSV columns').toEqual(expect.arrayContaining(recordedHeader!.split(',')))
      return
    }
    expect(compareShape(expected.body, response.body, rulesOf(recording))).toEqual([])
  },
)
