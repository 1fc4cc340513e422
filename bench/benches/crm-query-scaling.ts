/**
 * @module
 * SOQL through the CRM replica's native handler in-process, at 10k, 100k and 1M Accounts:
 * `WHERE Id =` and `WHERE External_Id__c =` stay flat (an index lookup, not a scan: 1M <= 1.5x
 * 10k), and the heap 10,000 Accounts written through the record service take (<= 8 MiB).
 * Figures: the first external-id query at each size (it builds the index), a query on a field
 * without an index at 100k.
 * The stores are filled straight through the record store so a 1M run takes seconds, then the
 * sizes take turns query by query, so a drift of the machine's speed weighs on each alike.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { CRM_USERS } from '../../src/fixtures/crm/index.js'
import { STANDALONE_CRM_CALL } from '../lib/native-call.js'
import { type CrmData, createCrmDataSets } from '../../src/replica/crm-data.js'
import { createCrmRoutes } from '../../src/replica/handlers/crm-routes.js'
import { createRecordsAccess } from '../../src/replica/records-access.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { compareLoop, measureLoop } from '../lib/measure-loop.js'
import type { Measurement } from '../lib/stats.js'
import { budget, toMeasurement } from '../lib/stats.js'

const SIZES = [10_000, 100_000, 1_000_000]
const STAMP = '2026-01-05T09:00:00.000+0000'
const call = STANDALONE_CRM_CALL

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function createApps() {
  return createCrmDataSets({ clock: { now: () => new Date('2026-03-18T12:00:00.000Z') } })
}

/** `size` Accounts with ids, external ids `E-n` and account numbers `AN-n`, straight into the store. */
function fill(app: CrmData, size: number): string[] {
  const { store } = app
  const ids: string[] = []
  const system = {
    IsDeleted: false,
    CreatedDate: STAMP,
    CreatedById: CRM_USERS.admin,
    LastModifiedDate: STAMP,
    LastModifiedById: CRM_USERS.admin,
    SystemModstamp: STAMP,
    OwnerId: CRM_USERS.admin,
  }
  for (let n = 0; n < size; n++) {
    const Id = store.nextId('Account')
    store.insert('Account', {
      ...system,
      Id,
      Name: `Account ${n}`,
      External_Id__c: `E-${n}`,
      AccountNumber: `AN-${n}`,
    })
    ids.push(Id)
  }
  return ids
}

/** A deterministic walk over 0..size-1 (no Math.random: every run asks for the same records). */
function picker(size: number) {
  let n = 12_345
  return () => {
    n = (n * 1_103_515_245 + 12_345) % 2_147_483_648
    return n % size
  }
}

function querier(app: CrmData) {
  const handler = createCrmRoutes({ dataFor: () => app }).handler
  return async (soql: string) => {
    const response = await handler(
      new Request(`http://replica.bench/services/data/v60.0/query?q=${encodeURIComponent(soql)}`),
      call,
    )
    const text = await response.text()
    if (response.status !== 200) throw new Error(`Failed to query: ${response.status} ${text}`)
    return text
  }
}

function heapUsed(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

export default defineBench({
  description: 'SOQL by Id / external id at 10k..1M records (flat), a scan at 100k, heap per record',
  async run() {
    const apps = createApps()
    const figures: Measurement[] = []
    // the first size must not pay for the JIT warming up: warm the whole path on a small store
    const warm = apps.open()
    const warmIds = fill(warm, 1000)
    const warmQuery = querier(warm)
    for (let n = 0; n < 3000; n++) {
      await warmQuery(`SELECT Id, Name FROM Account WHERE Id = '${warmIds[n % 1000]}'`)
      await warmQuery(`SELECT Id, Name FROM Account WHERE External_Id__c = 'E-${n % 1000}'`)
    }
    // every size is filled first and the sizes take turns query by query: a machine whose speed
    // drifts over seconds (or the fills' garbage collected later) then weighs on all of them alike
    const stores = SIZES.map((size) => {
      const app = apps.open()
      const ids = fill(app, size)
      return { size, ids, query: querier(app), named: size.toLocaleString('en-US') }
    })
    const byId = await compareLoop(
      stores.map(({ ids, query, named, size }) => {
        const pick = picker(size)
        return {
          label: `WHERE Id = ... at ${named} records`,
          fn: () => query(`SELECT Id, Name FROM Account WHERE Id = '${ids[pick()]}'`),
        }
      }),
      { iterations: 2000, interleave: 'operations' },
    )
    // the first lookup by External_Id__c builds the index (one pass over the records): a figure
    for (const { query, named } of stores) {
      const started = performance.now()
      await query(`SELECT Id, Name FROM Account WHERE External_Id__c = 'E-0'`)
      figures.push(
        toMeasurement(`first WHERE External_Id__c = ... at ${named} records (builds its index)`, 'ms', [
          performance.now() - started,
        ]),
      )
    }
    const byExternalId = await compareLoop(
      stores.map(({ query, named, size }) => {
        const pick = picker(size)
        return {
          label: `WHERE External_Id__c = ... at ${named} records`,
          fn: () => query(`SELECT Id, Name FROM Account WHERE External_Id__c = 'E-${pick()}'`),
        }
      }),
      { iterations: 2000, interleave: 'operations' },
    )
    const atHundredThousand = stores.find((store) => store.size === 100_000)!
    const pickNumber = picker(100_000)
    const scan = await measureLoop(
      () =>
        atHundredThousand.query(`SELECT Id, Name FROM Account WHERE AccountNumber = 'AN-${pickNumber()}'`),
      { label: 'WHERE AccountNumber = ... (no index, 1 row) at 100,000 records', iterations: 20 },
    )
    figures.push(
      toMeasurement(
        scan.label,
        'ms/op',
        scan.samples.map((sample) => sample / 1000),
      ),
    )

    // heap per 10,000 Accounts: 100k written through the record service (rules, checks, indexes)
    const memoryApp = apps.open()
    const records = createRecordsAccess(memoryApp, { actor: 'admin', apiVersion: '60.0' })
    const before = heapUsed()
    const batch = Array.from({ length: 100_000 }, (_, n) => ({
      Name: `Account ${n}`,
      External_Id__c: `E-${n}`,
      AccountNumber: `AN-${n}`,
      Industry: 'Banking',
      Phone: '+1 555 0100',
      BillingCity: 'Phoenix',
    }))
    records.insert('Account', batch)
    batch.length = 0
    const perTenThousand = (heapUsed() - before) / 10 / (1024 * 1024)
    const heap = toMeasurement('heap per 10,000 Accounts, 100,000 written (record service)', 'MiB', [
      perTenThousand,
    ])

    const flat = (label: string, series: Measurement[], index: number): Comparison => ({
      label,
      subject: series[index]!,
      baseline: series[0]!,
      target: { atMost: 1.5 },
    })
    return {
      comparisons: [
        flat('WHERE Id = ... at 100k vs 10k records (time/op)', byId, 1),
        flat('WHERE Id = ... at 1M vs 10k records (time/op)', byId, 2),
        flat('WHERE External_Id__c = ... at 100k vs 10k records (time/op)', byExternalId, 1),
        flat('WHERE External_Id__c = ... at 1M vs 10k records (time/op)', byExternalId, 2),
        {
          label: 'heap per 10,000 Accounts (MiB vs 8 MiB)',
          subject: heap,
          baseline: budget(8, 'MiB'),
          target: { atMost: 1 },
        },
      ],
      figures,
    }
  },
})
