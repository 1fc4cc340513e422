/**
 * Each recorded real answer under test/recordings, replayed against the replica: the same
 * request, and the answer compared by shape (status, headers, keys, value types, error codes;
 * test/support/shape-compare.ts). A recording's `setup` names what its request needs first.
 */
import type { ReplicaMock } from '../../../src/index.js'
import { createIngestJob, createQueryJob, runIngest, uploadCsv } from '../../support/bulk.js'
import { MULTIPART, multipartBody } from '../../support/files.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, createRecord, V } from '../../support/native.js'
import { fill, readRecordings, type Recording, rulesOf } from '../../support/recordings.js'
import { compareShape } from '../../support/shape-compare.js'

const test = conformanceTest({ clock: 'manual' })

/** Placeholders every recording may use. */
const COMMON = {
  /** A date after the seed's org was created: its metadata has not changed since. */
  afterOrgCreated: 'Tue, 06 Jan 2026 00:00:00 GMT',
}

type Setup = (app: AppConnection, mock: ReplicaMock) => Promise<Record<string, string>>

const queryPath = (soql: string) => `${V}/query?q=${encodeURIComponent(soql)}`

const MINUTE = 60_000

/** A file's fields for a JSON insert: its bytes as base64, as a client sends them. */
const fileFields = (name: string, text: string) => ({
  PathOnClient: name,
  VersionData: Buffer.from(text).toString('base64'),
})

const SETUPS: Record<string, Setup> = {
  async organization(app) {
    const found = await app.get(queryPath('SELECT Id FROM Organization'))
    return { organizationId: found.body.records[0].Id }
  },
  async account(app) {
    return {
      accountId: await createRecord(app, 'Account', { Name: 'Recorded Account', BillingPostalCode: '94105' }),
    }
  },
  async accountEtag(app, mock) {
    const { accountId } = await SETUPS.account!(app, mock)
    const read = await app.get(`${V}/sobjects/Account/${accountId}`)
    return { accountId: accountId!, etag: read.headers.get('etag')! }
  },
  async viewedAccount(app) {
    // recent items are the records the caller viewed: a query FOR VIEW marks one, as a page view does
    await createRecord(app, 'Account', { Name: 'Viewed Account' })
    expect(
      (await app.get(queryPath("SELECT Id FROM Account WHERE Name = 'Viewed Account' FOR VIEW"))).status,
    ).toBe(200)
    return {}
  },
  async externalAccount(app) {
    await createRecord(app, 'Account', { Name: 'External', External_Id__c: 'EXT-1' })
    return { externalId: 'EXT-1' }
  },
  async deletedAccount(app) {
    const id = await createRecord(app, 'Account', { Name: 'Deleted Account' })
    expect((await app.delete(`${V}/sobjects/Account/${id}`)).status).toBe(204)
    return {}
  },
  async replicationWindow(app, mock) {
    // one record changed and one deleted, a few minutes before the end of the window (the answer
    // covers whole minutes up to the current one)
    await createRecord(app, 'Account', { Name: 'Replicated Account' })
    await SETUPS.deletedAccount!(app, mock)
    mock.clock.advance(5 * MINUTE)
    const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
    const now = mock.clock.now().getTime()
    return { start: encodeURIComponent(at(now - 60 * MINUTE)), end: encodeURIComponent(at(now)) }
  },
  async listViews(app) {
    const { listviews } = (await app.get(`${V}/sobjects/Account/listviews`)).body
    const idOf = (developerName: string) =>
      listviews.find((view: { developerName: string }) => view.developerName === developerName).id
    // a new account, so the views that list this week's or the caller's accounts have one
    await createRecord(app, 'Account', { Name: 'Listed Account' })
    return { newThisWeekId: idOf('NewThisWeek'), myAccountsId: idOf('MyAccounts') }
  },
  async contentDocument(app) {
    const contentVersionId = await createRecord(
      app,
      'ContentVersion',
      fileFields('Q1 Sales Brochure.pdf', '%PDF-1.4'),
    )
    const read = await app.get(`${V}/sobjects/ContentVersion/${contentVersionId}`)
    return { contentVersionId, contentDocumentId: read.body.ContentDocumentId }
  },
  async publishedFile(app, mock) {
    // a file published to a record: Salesforce makes its document and the links to the record and the owner
    const { accountId } = await SETUPS.account!(app, mock)
    await createRecord(app, 'ContentVersion', {
      ...fileFields('Recorded.txt', 'recorded'),
      FirstPublishLocationId: accountId,
    })
    return { accountId: accountId! }
  },
  async folder(app) {
    // the replica has no Folder object: a Document's folder is a user's personal folder
    const found = await app.get(queryPath("SELECT Id FROM User WHERE Username = 'admin@crm.replica.test'"))
    return { folderId: found.body.records[0].Id }
  },
  async manyAccounts(app, mock) {
    mock.records(app.environment.id).insert(
      'Account',
      Array.from({ length: 250 }, (_, i) => ({ Name: `Paged ${i}` })),
    )
    return {}
  },
  async nextPage(app, mock) {
    await SETUPS.manyAccounts!(app, mock)
    const first = await app.get(queryPath('SELECT Id, Name FROM Account'), {
      headers: { 'Sforce-Query-Options': 'batchSize=200' },
    })
    return { nextRecordsUrl: first.body.nextRecordsUrl }
  },
  async ingestJob(app) {
    return { jobId: (await createIngestJob(app, { object: 'Account', operation: 'insert' })).id }
  },
  async uploadedIngestJob(app) {
    const { jobId } = await SETUPS.ingestJob!(app, undefined as never)
    expect((await uploadCsv(app, jobId!, 'Name\nBulk One\n')).status).toBe(201)
    return { jobId: jobId! }
  },
  async completedIngestJob(app) {
    const job = await runIngest(app, { object: 'Account', operation: 'insert' }, 'Name\nBulk One\n')
    return { jobId: job.id }
  },
  async queryJob(app) {
    return { jobId: (await createQueryJob(app, 'SELECT Id FROM Account')).id }
  },
  async login(app) {
    const { parameters, secrets } = app.credentials.login!
    return {
      clientId: parameters.client_id!,
      clientSecret: secrets.client_secret!,
      username: parameters.username!,
      password: secrets.password!,
    }
  },
  async identity(app) {
    const identity: string = (await app.get(V)).body.identity
    return { identityPath: new URL(identity).pathname }
  },
}

async function replay(app: AppConnection, mock: ReplicaMock, recording: Recording) {
  const setup = recording.setup === undefined ? {} : await SETUPS[recording.setup]!(app, mock)
  const bindings = { ...COMMON, ...setup }
  const { base, method, path, headers, json, body, multipart } = fill(recording.request, bindings)
  if (base === 'login') {
    const response = await fetch(`${app.credentials.login!.url}${path}`, { method, headers, body })
    const text = await response.text()
    const parsed = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text
    return { status: response.status, headers: response.headers, body: parsed, text }
  }
  if (multipart) {
    const { entity, file } = multipart
    return app.request(method, path, {
      headers: { ...headers, ...MULTIPART },
      body: multipartBody(
        entity.json,
        {
          field: file.field,
          filename: file.filename,
          bytes: new TextEncoder().encode(file.text),
          type: file.contentType,
        },
        entity.name,
      ),
    })
  }
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
  async ([, recording], { client, mock }) => {
    const app = await connectApp(client)
    if (recording.setup !== undefined) expect(SETUPS, 'setup').toHaveProperty(recording.setup)
    const response = await replay(app, mock, recording)
    const expected = recording.response
    expect(response.status, response.text.slice(0, 2000)).toBe(expected.status)
    for (const header of expected.headers ?? []) {
      expect(response.headers.has(header), `header ${header}`).toBe(true)
    }
    if (expected.binary) {
      // a blob's bytes: no JSON (the test client reads them as text)
      expect(response.headers.get('content-type'), 'content type').not.toMatch(/json/)
      expect(response.text.length, 'bytes').toBeGreaterThan(0)
      return
    }
    if (expected.body === undefined || expected.body === null) {
      expect(response.text).toBe('')
      return
    }
    if (typeof expected.body === 'string') {
      // a CSV: the recorded header row's columns, quoted or not
      const columns = (text: string) =>
        text
          .split('\n')[0]!
          .split(',')
          .map((name) => name.replace(/^"|"$/g, ''))
      expect(columns(response.text), 'CSV columns').toEqual(expect.arrayContaining(columns(expected.body)))
      return
    }
    expect(compareShape(expected.body, response.body, rulesOf(recording))).toEqual([])
  },
)
