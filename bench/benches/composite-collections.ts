/**
 * @module
 * sObject Collections and Composite. Over HTTP through `replica-mock serve`, a 200-record
 * `POST /composite/sobjects` vs single `POST /sobjects/Account` creates in rows/s (>= 10x), read
 * two ways: the server's throughput under load, and one client's 200 creates one after another
 * vs one collections request (the wall time a test sees). Figure: in-process, a 25-subrequest
 * all-or-none composite whose last subrequest fails, so all 24 creates roll back (< 5 ms), beside
 * 25 single creates.
 */
import { createCrmDataSets } from '../../src/replica/crm-data.js'
import { createCrmRoutes } from '../../src/replica/handlers/crm-routes.js'
import { compareLoop } from '../lib/measure-loop.js'
import { compareHttp } from '../lib/measure-http.js'
import { STANDALONE_CRM_CALL } from '../lib/native-call.js'
import { defineBench } from '../lib/define-bench.js'
import { spawnCli } from '../lib/spawn-server.js'
import { type Measurement, toMeasurement } from '../lib/stats.js'

const admin = { authorization: 'Bearer test-api-key', 'content-type': 'application/json' }
const V = '/services/data/v60.0'
const ROWS = 200
const SINGLE = '{"Name":"Bench Account","Industry":"Banking"}'
const COLLECTION = JSON.stringify({
  allOrNone: false,
  records: Array.from({ length: ROWS }, (_, i) => ({
    attributes: { type: 'Account' },
    Name: `Bench Account ${i}`,
    Industry: 'Banking',
  })),
})
/** 24 creates, then a Contact without its required LastName: everything rolls back. */
const ROLLBACK = JSON.stringify({
  allOrNone: true,
  compositeRequest: [
    ...Array.from({ length: 24 }, (_, i) => ({
      method: 'POST',
      url: `${V}/sobjects/Account`,
      referenceId: `account${i}`,
      body: { Name: `Rolled back ${i}`, Industry: 'Banking' },
    })),
    {
      method: 'POST',
      url: `${V}/sobjects/Contact`,
      referenceId: 'invalid',
      body: { FirstName: 'No last name' },
    },
  ],
})

async function ok(response: Response): Promise<any> {
  const text = await response.text()
  if (!response.ok) throw new Error(`Failed: ${response.status} ${text}`)
  return text === '' ? undefined : JSON.parse(text)
}

/** A req/s figure as rows/s (`rows` per request); CPU per row. */
function perRow(measurement: Measurement, rows: number, label: string): Measurement {
  return toMeasurement(
    label,
    'rows/s',
    measurement.samples.map((perSecond) => perSecond * rows),
    {
      cpuMicros: measurement.cpuMicros === undefined ? undefined : [measurement.cpuMicros / rows],
      note: measurement.note,
    },
  )
}

/** A µs-per-request loop figure as rows/s (`rows` per request). */
function loopRows(measurement: Measurement, rows: number, label: string): Measurement {
  return toMeasurement(
    label,
    'rows/s',
    measurement.samples.map((micros) => (rows * 1e6) / micros),
  )
}

/**
 * The second reading of "a 200-record collections create against 200 single creates": as a
 * client makes them, one request after another (a test's `for` loop of awaited creates, jsforce's
 * `create` per record) against one collections request, wall time per row in the same loop.
 */
async function asAClientMakesThem(
  appUrl: string,
  headers: Record<string, string>,
): Promise<[Measurement, Measurement]> {
  const post = async (path: string, body: string, status: number) => {
    const response = await fetch(`${appUrl}${V}${path}`, { method: 'POST', headers, body })
    const text = await response.text()
    if (response.status !== status) throw new Error(`Failed: ${response.status} ${text.slice(0, 300)}`)
  }
  const [singles, collection] = await compareLoop(
    [
      {
        label: `${ROWS} single creates, one after another`,
        fn: async () => {
          for (let i = 0; i < ROWS; i++) await post('/sobjects/Account', SINGLE, 201)
        },
      },
      {
        label: `one ${ROWS}-record collections create`,
        fn: () => post('/composite/sobjects', COLLECTION, 200),
      },
    ],
    { iterations: 10, warmup: 2 },
  )
  return [
    loopRows(singles!, ROWS, `${ROWS} single creates one after another, over HTTP (rows/s)`),
    loopRows(collection!, ROWS, `one ${ROWS}-record collections create, over HTTP (rows/s)`),
  ]
}

/** The rolled-back composite and 25 single creates, with the native handler called in-process. */
async function inProcess(): Promise<Measurement[]> {
  const app = createCrmDataSets({ clock: { now: () => new Date() } }).open()
  const handler = createCrmRoutes({ dataFor: () => app }).handler
  const post = async (path: string, body: string, check: (answer: any) => boolean) => {
    const response = await handler(
      new Request(`http://replica.bench${V}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
      STANDALONE_CRM_CALL,
    )
    const answer = await response.json()
    if (!check(answer)) throw new Error(`Failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`)
  }
  const accounts = app.store.count('Account')
  let singleOps = 0
  const [composite, singles] = await compareLoop(
    [
      {
        label: 'in-process: 25-subrequest allOrNone composite, rolled back',
        fn: () =>
          post('/composite', ROLLBACK, (answer) => answer.compositeResponse[24].httpStatusCode === 400),
      },
      {
        label: 'in-process: 25 single creates',
        fn: async () => {
          singleOps++
          for (let i = 0; i < 25; i++) await post('/sobjects/Account', SINGLE, (answer) => answer.success)
        },
      },
    ],
    { iterations: 200 },
  )
  // the single creates are all there is: the rolled-back composites left nothing behind
  const left = app.store.count('Account') - accounts - 25 * singleOps
  if (left !== 0) throw new Error(`Failed: the rolled-back composites left ${left} records`)
  const inMs = (m: Measurement, note: string) =>
    toMeasurement(
      m.label,
      'ms/request',
      m.samples.map((micros) => micros / 1000),
      { cpuMicros: m.cpuMicros === undefined ? undefined : [m.cpuMicros], note },
    )
  return [inMs(composite!, 'target < 5 ms'), inMs(singles!, 'for comparison')]
}

export default defineBench({
  description:
    'sObject Collections create (200 rows) vs single creates over HTTP, rows/s; rolled-back 25-subrequest composite, ms',
  async run() {
    const replica = await spawnCli([])
    try {
      const environment = await ok(
        await fetch(`${replica.url}/v1/environments`, {
          method: 'POST',
          headers: admin,
          body: '{"apps":["crm"]}',
        }),
      )
      const credentials = await ok(
        await fetch(`${replica.url}/v1/environments/${environment.id}/apps/crm/credentials`, {
          method: 'POST',
          headers: admin,
          body: '{}',
        }),
      )
      const headers = { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' }
      const appUrl = credentials.url as string
      const created = await ok(
        await fetch(`${appUrl}${V}/composite/sobjects`, { method: 'POST', headers, body: COLLECTION }),
      )
      if (created.length !== ROWS || !created.every((result: any) => result.success)) {
        throw new Error(`Failed: the collection create answered ${JSON.stringify(created).slice(0, 300)}`)
      }
      const [singles, collections] = await compareHttp([
        {
          label: `POST ${V}/sobjects/Account`,
          url: `${appUrl}${V}/sobjects/Account`,
          method: 'POST',
          body: SINGLE,
          headers,
          serverPid: replica.pid,
        },
        {
          label: `POST ${V}/composite/sobjects (${ROWS} records)`,
          url: `${appUrl}${V}/composite/sobjects`,
          method: 'POST',
          body: COLLECTION,
          headers,
          serverPid: replica.pid,
        },
      ])
      const [sequentialSingles, oneCollection] = await asAClientMakesThem(appUrl, headers)
      const singleRows = perRow(singles!, 1, 'single creates over HTTP (rows/s)')
      const collectionRows = perRow(collections!, ROWS, `${ROWS}-record collections over HTTP (rows/s)`)
      return {
        figures: [singles!, collections!, ...(await inProcess())],
        comparisons: [
          {
            label: 'collections create vs single creates over HTTP, server throughput (rows/s)',
            subject: collectionRows,
            baseline: singleRows,
            target: { atLeast: 10 },
          },
          // the second reading: one client, its 200 creates one after another vs one request
          {
            label: 'collections create vs 200 single creates as a client makes them (rows/s)',
            subject: oneCollection,
            baseline: sequentialSingles,
            target: { atLeast: 10 },
          },
        ],
      }
    } finally {
      await replica.close()
    }
  },
})
