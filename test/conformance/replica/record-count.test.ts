/**
 * `limits/recordCount`: live records per object, the named ones or every one, names in any case,
 * unknown names left out, the recycle bin not counted.
 */
import { describe, expect, test } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

describe('limits/recordCount', () => {
  test('counts the named objects’ live records, in the schema’s spelling', async ({ client }) => {
    const app = await connectApp(client)
    const count = async (object: string) =>
      (await query(app, `SELECT COUNT() FROM ${object}`)).body.totalSize as number
    const accounts = await count('Account')
    const doomed = await createRecord(app, 'Account', { Name: 'Counted, then deleted' })
    await createRecord(app, 'Account', { Name: 'Counted' })
    expect((await app.delete(`${V}/sobjects/Account/${doomed}`)).status).toBe(204)

    const response = await app.get(`${V}/limits/recordCount?sObjects=account,Contact,Nope__c`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(response.body).toEqual({
      sObjects: [
        { count: accounts + 1, name: 'Account' },
        { count: await count('Contact'), name: 'Contact' },
      ],
    })
  })

  test('without sObjects, counts every object; a parameter it does not define is refused', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const all = await app.get(`${V}/limits/recordCount`)
    const names = all.body.sObjects.map((entry: { name: string }) => entry.name)
    const described = (await app.get(`${V}/sobjects`)).body.sobjects.map(
      (entry: { name: string }) => entry.name,
    )
    expect(names).toEqual(described)
    expect(all.body.sObjects.find((entry: { name: string }) => entry.name === 'User').count).toBe(3)
    expectNativeError(await app.get(`${V}/limits/recordCount?sobject=Account`), 400, 'MALFORMED_QUERY')
    expectNativeError(await app.post(`${V}/limits/recordCount`, { json: {} }), 405, 'METHOD_NOT_ALLOWED')
  })
})
