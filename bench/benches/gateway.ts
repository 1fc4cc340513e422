/**
 * @module
 * The gateway in front of the apps, on native `GET /services/data` through `replica-mock serve`
 * as users run it (default flags: token, checks, size caps, recording, the request log):
 * - vs the same server recording nothing (`--max-recorded-calls 0`): recording costs <= 15%
 *   (>= 0.87x requests/s);
 * - vs the same native handler served bare by `@hono/node-server` (`bench/servers/native-direct.ts`:
 *   no token, no checks, no recording): the gateway and app routing keep >= 0.75x.
 * Figures: `--quiet --max-recorded-calls 0` (routing alone); the native handler called in-process,
 * directly and through the app's `fetch`; `getRequestStats` and a filtered `listRequests` page over
 * 10k recorded calls.
 */
import { createReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { directNativeCall } from '../lib/native-call.js'
import { compareHttp } from '../lib/measure-http.js'
import { compareLoop, measureLoop } from '../lib/measure-loop.js'
import { spawnCli, spawnServer } from '../lib/spawn-server.js'
import type { Measurement } from '../lib/stats.js'

const PATH = '/services/data'
const admin = { authorization: 'Bearer test-api-key' }

async function ok(response: Response): Promise<any> {
  const text = await okText(response)
  return text === '' ? undefined : JSON.parse(text)
}

/** The answer's text (no JSON parse, so the in-process figures time the call itself). */
async function okText(response: Response): Promise<string> {
  const text = await response.text()
  if (!response.ok) throw new Error(`Failed: ${response.status} ${text}`)
  return text
}

/** Creates a running environment over the API and returns an app token for it. */
async function appToken(fetch: (path: string, init?: RequestInit) => Promise<Response>): Promise<string> {
  const created = await ok(
    await fetch('/v1/environments', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: '{"apps":["crm"]}',
    }),
  )
  const credentials = await ok(
    await fetch(`/v1/environments/${created.id}/apps/crm/credentials`, { method: 'POST', headers: admin }),
  )
  return credentials.token
}

/**
 * Req/s of the bare handler, the gateway without recording, the gateway recording (10k ring), and
 * the gateway with neither the log nor recording.
 */
async function overHttp(): Promise<[Measurement, Measurement, Measurement, Measurement]> {
  const recording = await spawnCli([])
  const unrecorded = await spawnCli(['--max-recorded-calls', '0'])
  const routingOnly = await spawnCli(['--quiet', '--max-recorded-calls', '0'])
  const bare = await spawnServer('native-direct')
  try {
    const direct = await ok(await fetch(bare.url + PATH))
    const targets = []
    for (const [label, server] of [
      ['replica-mock serve --max-recorded-calls 0 (not recording)', unrecorded],
      ['replica-mock serve (recording)', recording],
      ['replica-mock serve --quiet --max-recorded-calls 0 (no log, not recording)', routingOnly],
    ] as const) {
      const token = await appToken((path, init) => fetch(server.url + path, init))
      const headers = { authorization: `Bearer ${token}` }
      const answer = await ok(await fetch(server.url + PATH, { headers }))
      if (JSON.stringify(answer) !== JSON.stringify(direct)) {
        throw new Error('Failed to compare: the gateway and the bare handler answer differently')
      }
      targets.push({ label: `${label}: GET ${PATH}`, url: server.url + PATH, headers, serverPid: server.pid })
    }
    const [baseline, off, on, routing] = await compareHttp([
      { label: `native handler, no gateway: GET ${PATH}`, url: bare.url + PATH, serverPid: bare.pid },
      ...targets,
    ])
    return [baseline!, off!, on!, routing!]
  } finally {
    await Promise.all([recording.close(), unrecorded.close(), routingOnly.close(), bare.close()])
  }
}

async function inProcess(): Promise<Measurement[]> {
  const mock = createReplicaMock()
  await mock.ready()
  const call = (path: string, init?: RequestInit) =>
    mock.fetch(new Request(`https://api.replica.test${path}`, init))
  const token = await appToken(call)
  const environment = (await mock.environments.all())[0]!
  const { call: nativeCall, handler } = directNativeCall(mock, environment)
  const headers = { authorization: `Bearer ${token}` }
  // a first call checks the handler answers before it is timed
  await ok(await handler(new Request(`https://api.replica.test${PATH}`), nativeCall))
  return compareLoop(
    [
      {
        label: `in-process: native handler called directly, GET ${PATH}`,
        fn: () => handler(new Request(`https://api.replica.test${PATH}`), nativeCall).then(okText),
      },
      {
        label: `in-process: app fetch through the gateway, GET ${PATH}`,
        fn: () => call(PATH, { headers }).then(okText),
      },
    ],
    { iterations: 5000, interleave: 'operations' },
  )
}

async function overRecordedCalls(count: number): Promise<Measurement[]> {
  const mock = createReplicaMock({ clock: 'manual' })
  await mock.ready()
  const call = (path: string, init?: RequestInit) =>
    mock.fetch(new Request(`https://api.replica.test${path}`, init))
  const token = await appToken(call)
  const environmentId = (await mock.environments.all())[0]!.id
  const from = mock.clock.now().toISOString()
  const headers = { authorization: `Bearer ${token}` }
  for (let i = 0; i < count; i++) {
    // a mix of classes and methods, spread over an hour of mock time
    const path = i % 10 === 0 ? '/services/data/v99.0/nothing' : PATH
    await call(`${path}?i=${i}`, { method: i % 7 === 0 ? 'POST' : 'GET', headers })
    mock.clock.advance(360)
  }
  const to = mock.clock.now().toISOString()
  const recorded = mock.requests.list(environmentId).length
  if (recorded !== count) throw new Error(`Failed to seed: ${recorded} of ${count} calls recorded`)
  const stats = `/v1/requests/stats?environmentId=${environmentId}&from=${from}&to=${to}`
  const checked = await ok(await call(stats, { headers: admin }))
  if (checked.count !== count) throw new Error(`Failed to read stats: count ${checked.count}, not ${count}`)
  const toMs = (measurement: Measurement): Measurement => ({
    ...measurement,
    unit: 'ms/op',
    value: measurement.value / 1000,
    samples: measurement.samples.map((sample) => sample / 1000),
  })
  return [
    toMs(
      await measureLoop(() => call(stats, { headers: admin }).then(ok), {
        label: `getRequestStats over ${count} recorded calls`,
        iterations: 200,
      }),
    ),
    toMs(
      await measureLoop(() => call(`${stats}&statusClass=4xx&writesOnly=true`, { headers: admin }).then(ok), {
        label: `getRequestStats over ${count} recorded calls, filtered`,
        iterations: 200,
      }),
    ),
    toMs(
      await measureLoop(
        () =>
          call(`/v1/requests?environmentId=${environmentId}&statusClass=4xx&writesOnly=true&limit=50`, {
            headers: admin,
          }).then(ok),
        { label: `listRequests filtered page over ${count} recorded calls`, iterations: 200 },
      ),
    ),
  ]
}

export default defineBench({
  description:
    'native GET /services/data through the gateway vs the bare native handler; stats over 10k calls',
  async run() {
    const [bare, unrecorded, recording, routingOnly] = await overHttp()
    const [direct, throughGateway] = await inProcess()
    const recorded = await overRecordedCalls(10_000)
    return {
      comparisons: [
        {
          label: 'standalone GET /services/data, recording vs not recording (req/s): recording overhead',
          subject: recording,
          baseline: unrecorded,
          target: { atLeast: 0.87 },
        },
        {
          label: 'standalone GET /services/data through the gateway vs the bare native handler (req/s)',
          subject: recording,
          baseline: bare,
          target: { atLeast: 0.75 },
        },
      ],
      figures: [routingOnly, direct!, throughGateway!, ...recorded],
    }
  },
})
