/**
 * Formulas of a user schema using ISNUMBER,
 * comments, `Owner:User.Field`, `$Label` from an SFDX project's custom labels, `$Api` defaults.
 */
import { fileURLToPath } from 'node:url'
import { formulaField, projectObject } from '../../support/formula-schema.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp, createRecord, expectNativeError, query, V } from '../../support/native.js'

const LABELS_PACKAGE = fileURLToPath(new URL('../../fixtures/org-schema/labels-package', import.meta.url))

const project = {
  ...projectObject,
  fields: [
    ...projectObject.fields,
    formulaField('Owner_Name__c', 'string', 'Owner:User.Username /* the owner */', { length: 80 }),
    formulaField('Greeting__c', 'string', '$Label.Greeting & ", " & Name', { length: 80 }),
    formulaField('Partner__c', 'string', '$Api.Partner_Server_URL_600', { length: 255 }),
  ],
  validationRules: [
    {
      name: 'Code_Is_Number',
      errorConditionFormula: 'NOT(ISBLANK(Code__c)) /* blank is fine */ && NOT(ISNUMBER(Code__c))',
      errorMessage: 'The code is a number.',
      errorDisplayField: 'Code__c',
    },
  ],
}

const test = conformanceTest({ clock: 'manual', schema: [LABELS_PACKAGE, { objects: [project] }] })

test('refuses a code that is not a number (ISNUMBER) and lets a number in scientific form pass', async ({
  client,
}) => {
  const app = await connectApp(client)
  const refused = await app.post(`${V}/sobjects/Project__c`, { json: { Name: 'Alpha', Code__c: '12 34' } })
  expect(expectNativeError(refused, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')).toEqual({
    errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    message: 'The code is a number.',
    fields: ['Code__c'],
  })
  await createRecord(app, 'Project__c', { Name: 'Beta', Code__c: '1.5E2' })
})

test('answers Owner:User paths, $Label and $Api values over REST and SOQL', async ({ client }) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Project__c', { Name: 'Alpha' })
  const read = await app.get(`${V}/sobjects/Project__c/${id}`)
  expect(read.body).toMatchObject({
    Owner_Name__c: 'admin@crm.replica.test',
    Greeting__c: 'Welcome, Alpha',
    Partner__c: 'https://replica.invalid/services/Soap/u/60.0',
  })
  const rows = await query(app, "SELECT Name FROM Project__c WHERE Greeting__c = 'Welcome, Alpha'")
  expect(rows.body).toMatchObject({ totalSize: 1, records: [{ Name: 'Alpha' }] })
})
