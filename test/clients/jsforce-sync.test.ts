/**
 * What sync and UI integrations call, with jsforce 3 against the standalone server:
 * `sobject().updated()` / `deleted()`, `recent()` (global and per object), `listviews()` and a
 * list view's describe and results, and a file's bytes through `record().blob()`.
 */
import { expect, it } from 'vitest'
import { useJsforceSession } from '../support/jsforce-session.js'

const session = useJsforceSession(undefined, { clock: 'manual' })
const MINUTE = 60_000

it('sobject().updated() and deleted() list the changes of a window', async () => {
  const { conn, server } = session
  const start = new Date(server.mock.clock.now().getTime() - 10 * MINUTE)
  const kept = await conn.sobject('Contact').create({ LastName: 'Kept' })
  const gone = await conn.sobject('Contact').create({ LastName: 'Gone' })
  await conn.sobject('Contact').destroy(gone.id!)
  // the window covers finished minutes: move past the one the writes happened in
  server.mock.clock.advance(2 * MINUTE)
  const end = server.mock.clock.now()

  const updated = await conn.sobject('Contact').updated(start, end)
  expect(updated.ids).toEqual([kept.id])
  expect(updated.latestDateCovered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000\+0000$/)

  const deleted = await conn.sobject('Contact').deleted(start.toISOString(), end.toISOString())
  expect(deleted.deletedRecords).toEqual([{ id: gone.id, deletedDate: expect.any(String) }])
  expect(deleted.earliestDateAvailable).toEqual(expect.any(String))
  // a window Salesforce refuses surfaces as a jsforce error
  await expect(conn.sobject('Contact').updated(end, start)).rejects.toMatchObject({
    errorCode: 'INVALID_REPLICATION_DATE',
  })
})

it('recent() lists what a query FOR VIEW marked, globally and per object', async () => {
  const { conn } = session
  expect(await conn.recent()).toEqual([])
  const acme = await conn.query<{ Id: string }>(
    "SELECT Id FROM Account WHERE Name = 'Acme Corporation' FOR VIEW",
  )
  const [account] = acme.records
  const recent = await conn.recent(5)
  expect(recent).toEqual([expect.objectContaining({ Id: account!.Id, Name: 'Acme Corporation' })])
  expect(await conn.sobject('Account').recent()).toEqual([
    expect.objectContaining({ Id: account!.Id, Name: 'Acme Corporation' }),
  ])
  expect(await conn.sobject('Contact').recent()).toEqual([])
})

interface ListViews {
  listviews: Array<{ id: string; developerName: string; label: string }>
}
interface Column {
  fieldNameOrPath: string
  value: string | null
}

it('listviews() and a list view’s describe and results', async () => {
  const account = session.conn.sobject('Account')
  const { listviews } = (await account.listviews()) as ListViews
  const all = listviews.find((view) => view.developerName === 'AllAccounts')!
  expect(all.label).toBe('All Accounts')
  const describe = (await account.listview(all.id).describe()) as { sobjectType: string; columns: Column[] }
  expect(describe.sobjectType).toBe('Account')
  expect(describe.columns.map((column) => column.fieldNameOrPath)).toContain('Name')
  const results = (await account.listview(all.id).results()) as {
    size: number
    records: Array<{ columns: Column[] }>
  }
  const names = results.records.map(
    (row) => row.columns.find((column) => column.fieldNameOrPath === 'Name')!.value,
  )
  expect(names).toEqual(['Acme Corporation', 'Globex', 'Initech'])
  expect(results.size).toBe(3)
})

it('record().blob() streams a file version’s bytes', async () => {
  const { conn } = session
  const bytes = Buffer.from('%PDF-1.4 not really a PDF \u0000\u00ff', 'latin1')
  const created = await conn
    .sobject('ContentVersion')
    .create({ PathOnClient: 'report.pdf', VersionData: bytes.toString('base64') })
  const chunks: Buffer[] = []
  const stream = conn.sobject('ContentVersion').record(created.id!).blob('VersionData')
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
    stream.on('end', () => resolve())
    stream.on('error', reject)
  })
  expect(Buffer.concat(chunks)).toEqual(bytes)
})
