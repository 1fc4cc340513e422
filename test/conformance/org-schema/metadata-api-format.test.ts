import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'
import { METADATA_PACKAGE } from '../../support/org-schema.js'
import { SchemaReport } from '../../../src/schemas/schema-report.js'

// A Metadata API format folder written with CumulusCI's tokens, served with `schemaNamespace`:
// `___NAMESPACE___Shelf__c.object` is acme__Shelf__c, `%%%NAMESPACE%%%Width__c` is acme__Width__c.
const test = conformanceTest({ clock: 'manual', schema: METADATA_PACKAGE, schemaNamespace: 'acme' })

test('the objects of .object files serve their inline fields, formulas and rules, tokens resolved', async ({
  client,
}) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'acme__Shelf__c', { Name: 'Oak', acme__Width__c: 40 })
  const rows = await query(
    app,
    `SELECT Name, acme__Width__c, acme__Double_Width__c FROM acme__Shelf__c WHERE Id = '${id}'`,
  )
  expect(rows.body.records).toEqual([
    expect.objectContaining({ Name: 'Oak', acme__Width__c: 40, acme__Double_Width__c: 80 }),
  ])
  const refused = await app.post(`${V}/sobjects/acme__Shelf__c`, {
    json: { Name: 'Flat', acme__Width__c: 0 },
  })
  expect(expectNativeError(refused, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')).toMatchObject({
    message: 'A shelf has a width.',
    fields: ['acme__Width__c'],
  })
  const unresolved = await app.get(`${V}/sobjects/Shelf__c/describe`)
  expect(unresolved.status).toBe(404)
  // the object's inline <listViews> serve as a source folder's listViews/*.listView-meta.xml do
  const { listviews } = (await app.get(`${V}/sobjects/acme__Shelf__c/listviews`)).body
  expect(listviews).toEqual([expect.objectContaining({ developerName: 'All', label: 'All' })])
})

test('the report names the folder a metadata package and the namespace the tokens took, and ignores nothing', async ({
  client,
}) => {
  const response = await client.get('/__replica/schema')
  const report = SchemaReport.parse(response.body)
  const loaded = report.versions.find((version) => version.schema === 'user')!.report!
  expect(loaded.sources).toEqual([{ path: METADATA_PACKAGE, kind: 'metadata-package' }])
  expect(loaded.namespace).toBe('acme')
  expect(loaded.objects).toEqual([
    expect.objectContaining({
      name: 'acme__Shelf__c',
      action: 'added',
      fields: expect.arrayContaining(['acme__Width__c', 'acme__Double_Width__c']),
      formulas: ['acme__Double_Width__c'],
      validationRules: ['Width_Positive'],
    }),
  ])
  expect(loaded.ignored).toEqual([])
})
