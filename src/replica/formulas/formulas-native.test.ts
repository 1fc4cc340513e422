/**
 * Formula fields and validation rules of a user schema, through the replica's native REST handler:
 * formula values on REST reads and SOQL, writes to formula fields refused, each validation rule
 * refusing and letting pass, and nothing written by a refused write.
 */
import { expect, it } from 'vitest'
import { formulaField, formulaSchema, projectObject } from '../../../test/support/formula-schema.js'
import { nativeReplica, V } from '../../../test/support/native-replica.js'
import type { CrmSchemaInput, FieldDefInput } from '../../schemas/crm-schema.js'
import { createCrmDataSets } from '../crm-data.js'

function replica() {
  const replica = nativeReplica(formulaSchema)
  const account = async (Name: string) =>
    (await replica.send('POST', '/sobjects/Account', { Name })).body.id as string
  return { ...replica, account }
}

/** The test schema with Project__c's rules replaced by one rule `Bad`. */
const withRule = (errorConditionFormula: string) => ({
  objects: [
    ...formulaSchema.objects.filter((object) => object.name !== 'Project__c'),
    { ...projectObject, validationRules: [{ name: 'Bad', errorConditionFormula, errorMessage: 'x' }] },
  ],
})

/** The test schema with Project__c's rules dropped and `changes` made to its fields, by name. */
const withProjectFields = (changes: Record<string, Partial<FieldDefInput>>) => ({
  objects: [
    ...formulaSchema.objects.filter((object) => object.name !== 'Project__c'),
    {
      ...projectObject,
      validationRules: [],
      fields: projectObject.fields.map((field) => ({ ...field, ...changes[field.name] })),
    },
  ],
})

const base = { Name: 'Alpha', Budget__c: 100, Spent__c: 30, Start__c: '2026-01-31', End__c: '2026-03-01' }

it('computes formula fields on a REST read: arithmetic, parent paths two lookups deep, $User, formulas of formulas', async () => {
  const { send, account } = replica()
  const created = await send('POST', '/sobjects/Project__c', { ...base, Account__c: await account('Acme') })
  expect(created.status).toBe(201)
  const read = await send('GET', `/sobjects/Project__c/${created.body.id}`)
  expect(read.body).toMatchObject({
    Remaining__c: 70,
    Over_Budget__c: false,
    Title__c: 'ALPHA @ Acme',
    Account_Owner__c: 'admin@crm.replica.test',
    Days__c: 29,
    Review__c: '2026-02-28',
    Phase__c: 'open',
    Viewer__c: 'admin@crm.replica.test',
    Age_Days__c: 1,
    Half_Remaining__c: 35,
  })
  const some = await send('GET', `/sobjects/Project__c/${created.body.id}?fields=Remaining__c,Phase__c`)
  expect(some.body).toEqual({
    attributes: { type: 'Project__c', url: `${V}/sobjects/Project__c/${created.body.id}` },
    Remaining__c: 70,
    Phase__c: 'open',
    Id: created.body.id,
  })
})

it('computes a formula returning a time of day from a time field, in REST reads and SOQL', async () => {
  const { send } = replica()
  const { body } = await send('POST', '/sobjects/Project__c', { ...base, Visit_Time__c: '10:30' })
  const read = await send('GET', `/sobjects/Project__c/${body.id}?fields=Visit_Time__c,Visit_End__c`)
  expect(read.body).toMatchObject({ Visit_Time__c: '10:30:00.000Z', Visit_End__c: '11:30:00.000Z' })
  const query = await send(
    'GET',
    `/query?q=${encodeURIComponent('SELECT Visit_End__c FROM Project__c WHERE Visit_Time__c != null')}`,
  )
  expect(query.body.records).toEqual([expect.objectContaining({ Visit_End__c: '11:30:00.000Z' })])
  const blank = await send('POST', '/sobjects/Project__c', base)
  const none = await send('GET', `/sobjects/Project__c/${blank.body.id}?fields=Visit_End__c`)
  expect(none.body.Visit_End__c).toBeNull()
})

it('reads a formula that cannot be evaluated on its values (arithmetic on a blank) as null', async () => {
  const { send } = replica()
  const { body } = await send('POST', '/sobjects/Project__c', { ...base, Spent__c: null })
  const read = await send(
    'GET',
    `/sobjects/Project__c/${body.id}?fields=Remaining__c,Half_Remaining__c,Over_Budget__c`,
  )
  expect(read.body).toMatchObject({ Remaining__c: null, Half_Remaining__c: null, Over_Budget__c: false })
})

it('recomputes formula fields after an update of a field they read, and of a parent', async () => {
  const { send, account } = replica()
  const accountId = await account('Acme')
  const { body } = await send('POST', '/sobjects/Project__c', { ...base, Account__c: accountId })
  expect((await send('PATCH', `/sobjects/Project__c/${body.id}`, { Spent__c: 120 })).status).toBe(204)
  expect((await send('PATCH', `/sobjects/Account/${accountId}`, { Name: 'Globex' })).status).toBe(204)
  const read = await send(
    'GET',
    `/sobjects/Project__c/${body.id}?fields=Remaining__c,Over_Budget__c,Title__c`,
  )
  expect(read.body).toMatchObject({ Remaining__c: -20, Over_Budget__c: true, Title__c: 'ALPHA @ Globex' })
})

it('answers formula fields in SOQL: selected, filtered, sorted, through a parent path and in a child subquery', async () => {
  const { send, query, account } = replica()
  const accountId = await account('Acme')
  await send('POST', '/sobjects/Project__c', { ...base, Name: 'Big', Account__c: accountId, Spent__c: 10 })
  await send('POST', '/sobjects/Project__c', { ...base, Name: 'Small', Account__c: accountId, Spent__c: 90 })
  const rows = await query(
    'SELECT Name, Remaining__c, Title__c FROM Project__c WHERE Remaining__c > 50 ORDER BY Remaining__c DESC',
  )
  expect(rows.records).toEqual([
    { attributes: expect.any(Object), Name: 'Big', Remaining__c: 90, Title__c: 'BIG @ Acme' },
  ])
  const children = await query(
    `SELECT Name, (SELECT Remaining__c FROM Projects__r ORDER BY Remaining__c) FROM Account WHERE Id = '${accountId}'`,
  )
  expect(
    children.records[0].Projects__r.records.map((row: { Remaining__c: number }) => row.Remaining__c),
  ).toEqual([10, 90])
  const { body: task } = await send('POST', '/sobjects/Project__c', { ...base, Name: 'Third' })
  const parent = await query(`SELECT Id, Phase__c, Half_Remaining__c FROM Project__c WHERE Id = '${task.id}'`)
  expect(parent.records[0]).toMatchObject({ Phase__c: 'open', Half_Remaining__c: 35 })
})

it('answers formula fields in a Bulk API 2.0 query job result', async () => {
  const { send, raw, app, account } = replica()
  await send('POST', '/sobjects/Project__c', { ...base, Account__c: await account('Acme') })
  const job = await send('POST', '/jobs/query', {
    operation: 'query',
    query: 'SELECT Name, Remaining__c, Title__c FROM Project__c',
  })
  expect(job.status).toBe(200)
  await app.jobs.runDue()
  const response = await (await raw('GET', `/jobs/query/${job.body.id}/results`)).text()
  expect(response.split('\n').filter(Boolean)).toEqual([
    '"Name","Remaining__c","Title__c"',
    '"Alpha","70","ALPHA @ Acme"',
  ])
})

it('describes a formula field as calculated, not writable, with its formula', async () => {
  const { send } = replica()
  const { body } = await send('GET', '/sobjects/Project__c/describe')
  const field = body.fields.find((each: { name: string }) => each.name === 'Remaining__c')
  expect(field).toMatchObject({
    calculated: true,
    calculatedFormula: 'Budget__c - Spent__c',
    createable: false,
    updateable: false,
    type: 'currency',
  })
})

it('errors with INVALID_FIELD_FOR_INSERT_UPDATE on a write to a formula field', async () => {
  const { send, app } = replica()
  const create = await send('POST', '/sobjects/Project__c', { ...base, Remaining__c: 5 })
  expect(create.status).toBe(400)
  expect(create.body).toEqual([
    expect.objectContaining({ errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE', fields: ['Remaining__c'] }),
  ])
  expect(app.store.count('Project__c')).toBe(0)
  const { body } = await send('POST', '/sobjects/Project__c', base)
  const update = await send('PATCH', `/sobjects/Project__c/${body.id}`, { Title__c: 'x' })
  expect(update.body).toEqual([
    expect.objectContaining({ errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE', fields: ['Title__c'] }),
  ])
})

/** Each rule of Project__c: a create (or update) it refuses, the error, and one it lets pass. */
const RULES = [
  {
    rule: 'Budget_Not_Negative',
    refused: { Budget__c: -1 },
    passes: { Budget__c: 0 },
    message: 'Budget cannot be negative.',
    fields: ['Budget__c'],
  },
  {
    rule: 'End_After_Start',
    refused: { End__c: '2026-01-01' },
    passes: { End__c: null },
    message: 'End must not be before start.',
    fields: ['End__c'],
  },
  {
    rule: 'Code_Format',
    refused: { Code__c: 'abc' },
    passes: { Code__c: 'AB-12' },
    message: 'Code looks like AB-123.',
    fields: ['Code__c'],
  },
  {
    rule: 'Never_Archived_Over_Budget',
    refused: { Archived__c: true, Spent__c: 101 },
    passes: { Archived__c: true, Spent__c: 100 },
    message: 'An over-budget project cannot be archived.',
    fields: [],
  },
] as const

it.for(RULES)(
  'refuses a create breaking $rule with FIELD_CUSTOM_VALIDATION_EXCEPTION and writes nothing',
  async (case_) => {
    const { send, app } = replica()
    const refused = await send('POST', '/sobjects/Project__c', { ...base, ...case_.refused })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual([
      { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: case_.message, fields: case_.fields },
    ])
    expect(app.store.count('Project__c')).toBe(0)
    const passes = await send('POST', '/sobjects/Project__c', { ...base, ...case_.passes })
    expect(passes.status).toBe(201)
  },
)

// Code_Format is left out: setting a code on update breaks Code_Locked first (rules run in schema order)
const UPDATE_RULES = RULES.filter((case_) => case_.rule !== 'Code_Format')

it.for(UPDATE_RULES)('refuses an update breaking $rule and leaves the record as it was', async (case_) => {
  const { send } = replica()
  const { body } = await send('POST', '/sobjects/Project__c', base)
  const refused = await send('PATCH', `/sobjects/Project__c/${body.id}`, case_.refused)
  expect(refused.body).toEqual([
    { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: case_.message, fields: case_.fields },
  ])
  const read = await send('GET', `/sobjects/Project__c/${body.id}`)
  expect(read.body).toMatchObject(base)
  expect((await send('PATCH', `/sobjects/Project__c/${body.id}`, case_.passes)).status).toBe(204)
})

it('refuses changing a set code (ISNEW, ISCHANGED) with a record-level error, and lets other updates pass', async () => {
  const { send } = replica()
  const { body } = await send('POST', '/sobjects/Project__c', { ...base, Code__c: 'AB-1' })
  expect(
    (await send('PATCH', `/sobjects/Project__c/${body.id}`, { Name: 'Renamed', Code__c: 'AB-1' })).status,
  ).toBe(204)
  const refused = await send('PATCH', `/sobjects/Project__c/${body.id}`, { Code__c: 'AB-2' })
  expect(refused.body).toEqual([
    {
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'The code cannot change once set.',
      fields: [],
    },
  ])
})

it('refuses a decrease against the prior value (PRIORVALUE) and lets an increase pass', async () => {
  const { send } = replica()
  const { body } = await send('POST', '/sobjects/Project__c', base)
  const refused = await send('PATCH', `/sobjects/Project__c/${body.id}`, { Spent__c: 29 })
  expect(refused.body).toEqual([
    {
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'Spent cannot decrease.',
      fields: ['Spent__c'],
    },
  ])
  expect((await send('PATCH', `/sobjects/Project__c/${body.id}`, { Spent__c: 31 })).status).toBe(204)
})

it('refuses a project of a blocked account (a parent path in a rule), naming the lookup field', async () => {
  const { send, account } = replica()
  const refused = await send('POST', '/sobjects/Project__c', {
    ...base,
    Account__c: await account('Blocked Co'),
  })
  expect(refused.body).toEqual([
    {
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'Blocked accounts take no projects.',
      fields: ['Account__c'],
    },
  ])
  expect(
    (await send('POST', '/sobjects/Project__c', { ...base, Account__c: await account('Open Co') })).status,
  ).toBe(201)
})

it('refuses a write when a rule cannot be evaluated on its values (a division by zero), naming the rule', async () => {
  const { app } = nativeReplica(withRule('Budget__c / Spent__c > 1000'))
  const view = { apiVersion: '60.0', actor: 'admin' }
  expect(() => app.records.create('Project__c', { ...base, Spent__c: 0 }, view)).toThrow(
    expect.objectContaining({
      code: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'Failed to evaluate validation rule Bad: Division by zero',
    }),
  )
  expect(app.store.count('Project__c')).toBe(0)
  // a blank operand is no error: the comparison is unknown and the rule does not fire
  expect(app.records.create('Project__c', { ...base, Spent__c: null }, view).id).toMatch(/^a0P/)
  expect(app.records.create('Project__c', { ...base, Spent__c: 5 }, view).id).toMatch(/^a0P/)
})

it('rolls back every record of an allOrNone collection when one breaks a rule; without it, writes the others', async () => {
  const { send, app } = replica()
  const records = [
    { attributes: { type: 'Project__c' }, ...base },
    { attributes: { type: 'Project__c' }, ...base, Budget__c: -5 },
  ]
  const all = await send('POST', '/composite/sobjects', { allOrNone: true, records })
  expect(all.status).toBe(200)
  expect(all.body[1]).toMatchObject({
    success: false,
    errors: [
      {
        statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
        message: 'Budget cannot be negative.',
        fields: ['Budget__c'],
      },
    ],
  })
  expect(app.store.count('Project__c')).toBe(0)
  const some = await send('POST', '/composite/sobjects', { allOrNone: false, records })
  expect(some.body.map((result: { success: boolean }) => result.success)).toEqual([true, false])
  expect(app.store.count('Project__c')).toBe(1)
})

it('skips at load a rule, formula or default that cannot compile, listing object, name and reason', () => {
  const clock = { now: () => new Date() }
  const skippedOf = (schema: CrmSchemaInput) => createCrmDataSets({ clock, schema }).metadata.formulas.skipped
  expect(skippedOf(withRule('ISCLONE() && VLOOKUP(1)'))).toEqual([
    {
      kind: 'validation-rule',
      object: 'Project__c',
      name: 'Bad',
      reason: 'Unknown function VLOOKUP. Check spelling.',
      position: { line: 1, column: 14 },
    },
  ])
  expect(skippedOf(withRule('$Label.Missing = "x"'))).toMatchObject([
    { reason: 'no custom label Missing ($Label.Missing); give it in formulaGlobals.label' },
  ])
  expect(skippedOf(withRule('Missing__c > 1'))).toMatchObject([
    { reason: 'Field Missing__c does not exist on Project__c (in Missing__c)' },
  ])
  const badField = {
    objects: [
      ...formulaSchema.objects.filter((object) => object.name !== 'Project__c'),
      {
        ...projectObject,
        validationRules: [],
        fields: [
          ...projectObject.fields,
          {
            name: 'Bad__c',
            label: 'Bad',
            type: 'double',
            formula: 'Name',
            createable: false,
            updateable: false,
            nillable: true,
          },
        ],
      },
    ],
  } satisfies CrmSchemaInput
  expect(skippedOf(badField)).toEqual([
    {
      kind: 'formula',
      object: 'Project__c',
      name: 'Bad__c',
      reason: 'Formula result is data type (Text), incompatible with expected data type (Number).',
      position: { line: 1, column: 1 },
    },
  ])
  const withDefault = (defaultValueFormula: string) => withProjectFields({ Code__c: { defaultValueFormula } })
  expect(skippedOf(withDefault('Name & "-1"'))).toMatchObject([
    { kind: 'default', name: 'Code__c', reason: "a default value cannot read the record's field Name" },
  ])
  expect(skippedOf(withDefault('TODAY()'))).toMatchObject([
    { reason: 'Formula result is data type (Date), incompatible with expected data type (Text).' },
  ])
})

it('reads a skipped formula field as null, runs no skipped rule and fills no skipped default', async () => {
  const schema = withProjectFields({ Code__c: { defaultValueFormula: 'NOPE()' } })
  const project = schema.objects.find((object) => object.name === 'Project__c')!
  project.validationRules = [{ name: 'Never', errorConditionFormula: 'NOPE()', errorMessage: 'never' }]
  project.fields.push(formulaField('Broken__c', 'double', 'NOPE()'))
  const { send } = nativeReplica(schema)
  const created = await send('POST', '/sobjects/Project__c', { Name: 'Alpha' })
  expect(created.status).toBe(201)
  const read = await send('GET', `/sobjects/Project__c/${created.body.id}?fields=Code__c,Broken__c`)
  expect(read.body).toMatchObject({ Code__c: null, Broken__c: null })
})

it('fills a default value formula on create as the acting user, on the mock clock; a sent value wins', async () => {
  const schema = withProjectFields({
    Code__c: { defaultValueFormula: 'LEFT($User.Username, 5) & "-" & TEXT(YEAR(TODAY()))' },
    End__c: { defaultValueFormula: 'ADDMONTHS(TODAY(), 1)' },
  })
  const { send } = nativeReplica(schema, '2027-01-31T10:00:00Z')
  const created = await send('POST', '/sobjects/Project__c', { Name: 'Alpha' })
  const read = await send('GET', `/sobjects/Project__c/${created.body.id}?fields=Code__c,End__c`)
  expect(read.body).toMatchObject({ Code__c: 'admin-2027', End__c: '2027-02-28' })
  const sent = await send('POST', '/sobjects/Project__c', { Name: 'Beta', Code__c: 'B-1' })
  expect((await send('GET', `/sobjects/Project__c/${sent.body.id}?fields=Code__c`)).body.Code__c).toBe('B-1')
})

it('holds a default value formula to the field: too long for it or outside a restricted picklist fails the create', async () => {
  const schema = (code: string, status: string) =>
    withProjectFields({
      Code__c: { defaultValueFormula: code },
      Status__c: { restrictedPicklist: true, defaultValueFormula: status },
    })
  const refusal = (errorCode: string, message: string, field: string) => ({
    status: 400,
    body: [{ errorCode, message, fields: [field] }],
  })
  // Code__c holds 20 characters
  const fits = nativeReplica(schema('"ABCDEFGHIJKLMNOPQRST"', '"Active"'))
  const created = await fits.send('POST', '/sobjects/Project__c', { Name: 'Alpha' })
  expect(created.status).toBe(201)
  const read = await fits.send('GET', `/sobjects/Project__c/${created.body.id}?fields=Code__c,Status__c`)
  expect(read.body).toMatchObject({ Code__c: 'ABCDEFGHIJKLMNOPQRST', Status__c: 'Active' })

  const tooLong = nativeReplica(schema('"ABCDEFGHIJKLMNOPQRSTU"', '"Active"'))
  expect(await tooLong.send('POST', '/sobjects/Project__c', { Name: 'Alpha' })).toEqual(
    refusal(
      'STRING_TOO_LONG',
      'Code: data value too large: ABCDEFGHIJKLMNOPQRSTU (max length=20)',
      'Code__c',
    ),
  )
  // a value sent for the field skips its default
  const sent = await tooLong.send('POST', '/sobjects/Project__c', { Name: 'Beta', Code__c: 'B-1' })
  expect(sent.status).toBe(201)

  const unknownValue = nativeReplica(schema('"A-1"', '"Archived"'))
  expect(await unknownValue.send('POST', '/sobjects/Project__c', { Name: 'Alpha' })).toEqual(
    refusal(
      'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
      'Status: bad value for restricted picklist field: Archived',
      'Status__c',
    ),
  )
  expect((await unknownValue.send('GET', '/query?q=SELECT+Id+FROM+Project__c')).body.totalSize).toBe(0)
})

it('refuses a code that is not a number (ISNUMBER, a commented rule) and lets a number pass', async () => {
  const { send } = nativeReplica(
    withRule('/* codes are numbers */ NOT(ISNUMBER(Code__c)) && Code__c <> "/* none */"'),
  )
  const refused = await send('POST', '/sobjects/Project__c', { ...base, Code__c: 'AB-1' })
  expect(refused).toEqual({
    status: 400,
    body: [{ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'x', fields: [] }],
  })
  expect((await send('POST', '/sobjects/Project__c', { ...base, Code__c: '1.5E2' })).status).toBe(201)
  expect((await send('POST', '/sobjects/Project__c', { ...base, Code__c: '/* none */' })).status).toBe(201)
})

it('computes Owner:User paths, $Label from the schema and $Api defaults in formula fields', async () => {
  const schema = {
    objects: [
      ...formulaSchema.objects.filter((object) => object.name !== 'Project__c'),
      {
        ...projectObject,
        fields: [
          ...projectObject.fields,
          formulaField('Owner_Name__c', 'string', 'Owner:User.Username', { length: 80 }),
          formulaField('Greeting__c', 'string', '$Label.Greeting & ", " & Name', { length: 80 }),
          formulaField('Partner__c', 'string', '$Api.Partner_Server_URL_600', { length: 255 }),
        ],
      },
    ],
    formulaGlobals: { label: { Greeting: 'Welcome' } },
  } satisfies CrmSchemaInput
  const { send } = nativeReplica(schema)
  const { body } = await send('POST', '/sobjects/Project__c', base)
  const read = await send(
    'GET',
    `/sobjects/Project__c/${body.id}?fields=Owner_Name__c,Greeting__c,Partner__c`,
  )
  expect(read.body).toMatchObject({
    Owner_Name__c: 'admin@crm.replica.test',
    Greeting__c: 'Welcome, Alpha',
    Partner__c: 'https://replica.invalid/services/Soap/u/60.0',
  })
})
