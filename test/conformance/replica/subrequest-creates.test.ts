/**
 * A create inside a composite or an sObject Collections request answers what the single
 * `POST /sobjects/{type}` answers, success or error: a composite subrequest at the call's version
 * and an older one, a collections record with the single create's errors as save errors.
 */
import { composite, sub } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, V } from '../../support/native.js'

const test = conformanceTest({ clock: 'manual' })

const OLDER = '/services/data/v59.0'

/** Bodies for each way a create can end; `type` as the request spells it. */
const CASES: Array<{ type: string; body: Record<string, unknown> }> = [
  { type: 'account', body: { Name: 'Lower-case type' } },
  { type: 'Account', body: { Name: 'Unknown field', Nope__c: 1 } },
  { type: 'Account', body: { Name: 'Bad number', NumberOfEmployees: 'many' } },
  { type: 'Account', body: { Name: 'With an id', Id: '001000000000001AAA' } },
  { type: 'Contact', body: { FirstName: 'No last name' } },
  { type: 'Widget__c', body: { Name: 'No such object' } },
  { type: 'Acc ount', body: { Name: 'A name to decode' } },
]

/** What a single create answers at `base`: status, body (a new id made comparable) and the Location's form. */
async function single(app: AppConnection, base: string, type: string, body: Record<string, unknown>) {
  const response = await app.post(`${base}/sobjects/${encodeURIComponent(type)}`, { json: body })
  return comparable(response.status, response.body, response.headers.get('location') ?? undefined)
}

function comparable(status: number, body: any, location: string | undefined) {
  if (status !== 201) return { status, body }
  return {
    status,
    body: { ...body, id: body.id.slice(0, 3) },
    location: location?.replace(body.id, '{id}'),
  }
}

test('a composite create answers what the single create answers, at the call version and an older one', async ({
  client,
}) => {
  const app = await connectApp(client)
  for (const base of [V, OLDER]) {
    const response = await composite(
      app,
      CASES.map(({ type, body }, at) =>
        sub('POST', `${base}/sobjects/${encodeURIComponent(type)}`, `c${at}`, body),
      ),
      false,
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const items = response.body.compositeResponse as Array<{
      httpStatusCode: number
      httpHeaders: Record<string, string>
      body: any
    }>
    for (const [at, { type, body }] of CASES.entries()) {
      const item = items[at]!
      const got = comparable(item.httpStatusCode, item.body, item.httpHeaders.Location)
      expect(got, `${base} ${type} ${JSON.stringify(body)}`).toEqual(await single(app, base, type, body))
    }
    // the lower-case type was created under the schema's spelling
    expect(items[0]!.httpHeaders.Location).toMatch(new RegExp(`^${base}/sobjects/Account/001`))
  }
})

test('an sObject Collections record fails with the errors the single create answers, and succeeds where it does', async ({
  client,
}) => {
  const app = await connectApp(client)
  const response = await app.post(`${V}/composite/sobjects`, {
    json: { allOrNone: false, records: CASES.map(({ type, body }) => ({ attributes: { type }, ...body })) },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  for (const [at, { type, body }] of CASES.entries()) {
    const expected = await single(app, V, type, body)
    const result = response.body[at]
    if (expected.status === 201) {
      expect(result).toEqual({ id: expect.stringMatching(/^001/), success: true, errors: [] })
      const read = await app.get(`${V}/sobjects/Account/${result.id}?fields=Name`)
      expect(read.body.Name).toBe(body.Name)
      continue
    }
    const errors = (expected.body as Array<{ errorCode: string; message: string; fields?: string[] }>).map(
      (item) => ({ statusCode: item.errorCode, message: item.message, fields: item.fields ?? [] }),
    )
    expect(result, `${type} ${JSON.stringify(body)}`).toEqual({ success: false, errors })
  }
})
