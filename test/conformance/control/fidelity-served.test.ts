/**
 * The fidelity report lists the replication, record count, recently viewed, list view and blob
 * resources as served endpoints: each is named among those not exercised until a call reaches
 * it, then counted, and none is reported as unemulated.
 */
import { conformanceTest, expect } from '../../support/harness.js'
import { getBytes } from '../../support/files.js'
import { connectApp, createRecord, V } from '../../support/native.js'

const test = conformanceTest()

const SERVED = [
  'sobjects/{object}/updated',
  'sobjects/{object}/deleted',
  'limits/recordCount',
  'recent',
  'sobjects/{object}/listviews',
  'sobjects/{object}/listviews/{id}',
  'sobjects/{object}/listviews/{id}/describe',
  'sobjects/{object}/listviews/{id}/results',
  'sobjects/{object}/{id}/{blobField}',
]

const report = async (client: any) => (await client.get('/__replica/fidelity', { token: null })).body

test('names each resource as served, and counts the calls that reach it', async ({ client }) => {
  expect((await client.delete('/__replica/fidelity', { token: null })).status).toBe(200)
  const before = await report(client)
  expect(before.nativeEndpointsNotExercised).toEqual(expect.arrayContaining(SERVED))

  const app = await connectApp(client)
  const day = 24 * 60 * 60 * 1000
  const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString())
  const window = `start=${at(Date.now() - day)}&end=${at(Date.now())}`
  await app.get(`${V}/sobjects/Account/updated?${window}`)
  await app.get(`${V}/sobjects/Account/deleted?${window}`)
  await app.get(`${V}/limits/recordCount?sObjects=Account`)
  await app.get(`${V}/recent`)
  const { listviews } = (await app.get(`${V}/sobjects/Account/listviews`)).body
  await app.get(listviews[0].url)
  await app.get(listviews[0].describeUrl)
  await app.get(listviews[0].resultsUrl)
  const id = await createRecord(app, 'Attachment', {
    ParentId: '001Rm0000000001IAA',
    Name: 'a.txt',
    Body: 'YQ==',
  })
  expect((await getBytes(app, `${V}/sobjects/Attachment/${id}/Body`)).response.status).toBe(200)

  const after = await report(client)
  for (const name of SERVED) {
    expect(
      after.nativeEndpoints.map((entry: { name: string }) => entry.name),
      name,
    ).toContain(`GET ${name}`)
    expect(after.nativeEndpointsNotExercised).not.toContain(name)
  }
  expect(after.unemulated).toEqual([])
})
