import { defaultFixture } from '../../../src/index.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp } from '../../support/native.js'

const ACME = '001Rm0000000001IAA'

/** The default fixture with API 45.0 and 46.0 served too, to see the upsert answer change at 46.0. */
const withOlderApis = structuredClone(defaultFixture)
for (const version of withOlderApis.versions) {
  for (const api of version.apis) api.apiVersions = ['45.0', '46.0', ...api.apiVersions]
}
const test = conformanceTest({ clock: 'manual', fixture: withOlderApis })

test('answers an upsert that updates with 204 before API 46.0 and 200 with a body from it', async ({
  client,
}) => {
  const app = await connectApp(client)
  const before = await app.patch('/services/data/v45.0/sobjects/Account/External_Id__c/ACME-001', {
    json: { Rating: 'Cold' },
  })
  expect({ status: before.status, text: before.text }).toEqual({ status: 204, text: '' })
  const from = await app.patch('/services/data/v46.0/sobjects/Account/External_Id__c/ACME-001', {
    json: { Rating: 'Hot' },
  })
  expect({ status: from.status, body: from.body }).toEqual({
    status: 200,
    body: { id: ACME, success: true, errors: [], created: false },
  })
  const created = await app.patch('/services/data/v45.0/sobjects/Account/External_Id__c/OLD-1', {
    json: { Name: 'Old API' },
  })
  expect(created.status).toBe(201)
  expect(created.body).toMatchObject({ success: true, created: true })
  expect(created.headers.get('location')).toBe(`/services/data/v45.0/sobjects/Account/${created.body.id}`)
})
