/**
 * Formulas, rules and defaults as public SFDX projects write them (test/fixtures/org-schema/real-world):
 * each once answered wrongly, or stopped the start, before formulas compiled once with Salesforce's
 * types (issue 55).
 */
import { conformanceTest, expect } from '../../support/harness.js'
import {
  type AppConnection,
  connectApp,
  createRecord,
  expectNativeError,
  query,
  V,
} from '../../support/native.js'
import { REAL_WORLD_PROJECT } from '../../support/org-schema.js'

const test = conformanceTest({ clock: 'manual', schema: REAL_WORLD_PROJECT })

const read = async (app: AppConnection, object: string, id: string) =>
  (await app.get(`${V}/sobjects/${object}/${id}`)).body

test('a Percent formula with scale 0 reads in percent units, and text built from it too', async ({
  client,
}) => {
  const app = await connectApp(client)
  const id = await createRecord(app, 'Score__c', { Name: 'three of four', A__c: 3, B__c: 1 })
  expect(await read(app, 'Score__c', id)).toMatchObject({ Ratio__c: 75, Ratio_Label__c: '75% (3/4)' })
  const found = await query(app, `SELECT Ratio__c, Ratio_Label__c FROM Score__c WHERE Id = '${id}'`)
  expect(found.body.records[0]).toMatchObject({ Ratio__c: 75, Ratio_Label__c: '75% (3/4)' })
  const third = await createRecord(app, 'Score__c', { Name: 'one of three', A__c: 1, B__c: 2 })
  // another formula reads Ratio__c as the API answers it: rounded to its scale
  expect(await read(app, 'Score__c', third)).toMatchObject({ Ratio__c: 33, Ratio_Label__c: '33% (1/3)' })
})

test('a Percent formula over roll-ups reads the share of the children, 0 with none', async ({ client }) => {
  const app = await connectApp(client)
  const plan = await createRecord(app, 'Plan__c', { Name: 'Launch' })
  expect(await read(app, 'Plan__c', plan)).toMatchObject({ Total__c: 0, Completed__c: 0, Progress__c: 0 })
  for (const done of [true, false, false, false]) {
    await createRecord(app, 'Step__c', { Name: 'step', Plan__c: plan, Done__c: done })
  }
  expect(await read(app, 'Plan__c', plan)).toMatchObject({ Total__c: 4, Completed__c: 1, Progress__c: 25 })
})

test('a rule comparing an optional date with the parent’s dates does not fire while the date is blank', async ({
  client,
}) => {
  const app = await connectApp(client)
  const plan = await createRecord(app, 'Plan__c', {
    Name: 'Year',
    Start__c: '2026-01-01',
    End__c: '2026-12-31',
  })
  await createRecord(app, 'Step__c', { Name: 'undated', Plan__c: plan })
  await createRecord(app, 'Step__c', { Name: 'inside', Plan__c: plan, Due__c: '2026-06-30' })
  const outside = await app.post(`${V}/sobjects/Step__c`, {
    json: { Name: 'late', Plan__c: plan, Due__c: '2027-01-05' },
  })
  expect(expectNativeError(outside, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')).toMatchObject({
    message: 'The due date must be within the plan.',
    fields: ['Due__c'],
  })
  // through composite: the blank date passes, the early one fails the same rule
  const composite = await app.post(`${V}/composite`, {
    json: {
      allOrNone: false,
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/sobjects/Step__c`,
          referenceId: 'blank',
          body: { Name: 'b', Plan__c: plan },
        },
        {
          method: 'POST',
          url: `${V}/sobjects/Step__c`,
          referenceId: 'early',
          body: { Name: 'e', Plan__c: plan, Due__c: '2025-12-31' },
        },
      ],
    },
  })
  expect(composite.status).toBe(200)
  const [blank, early] = composite.body.compositeResponse
  expect(blank.httpStatusCode).toBe(201)
  expect(early).toMatchObject({
    httpStatusCode: 400,
    body: [
      { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'The due date must be within the plan.' },
    ],
  })
})

test('a rule written with &&, || and ! is enforced; a text formula with MOD(FLOOR(VALUE(b) / 60), 12) reads right', async ({
  client,
}) => {
  const app = await connectApp(client)
  const plan = await createRecord(app, 'Plan__c', { Name: 'Timed' })
  for (const minutes of [null, 'soon']) {
    const refused = await app.post(`${V}/sobjects/Step__c`, {
      json: { Name: 'timed', Plan__c: plan, Timed__c: true, Minutes__c: minutes },
    })
    expect(expectNativeError(refused, 400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION')).toMatchObject({
      message: 'A timed step needs its minutes.',
      fields: ['Minutes__c'],
    })
  }
  const labels: [boolean, string | null, string][] = [
    [true, '90', '1h 30m'],
    [true, '1500', '1h 0m'],
    [false, null, 'untimed'],
    [false, '45', 'untimed'],
  ]
  for (const [timed, minutes, label] of labels) {
    const id = await createRecord(app, 'Step__c', {
      Name: 's',
      Plan__c: plan,
      Timed__c: timed,
      Minutes__c: minutes,
    })
    expect((await read(app, 'Step__c', id)).Duration_Label__c).toBe(label)
  }
})

test('defaults: NOW() on a Date field gives the date; a DateTime default rounds up to the next half hour', async ({
  client,
}) => {
  const app = await connectApp(client)
  const plan = await createRecord(app, 'Plan__c', { Name: 'Logged' })
  const id = await createRecord(app, 'Step__c', { Name: 'now', Plan__c: plan })
  const step = await read(app, 'Step__c', id)
  const created = Date.parse(step.CreatedDate.replace('+0000', 'Z'))
  const minute = new Date(created).getUTCMinutes()
  const slot = new Date(created + (30 - (minute % 30)) * 60_000).toISOString().replace('Z', '+0000')
  expect(step).toMatchObject({ Logged__c: step.CreatedDate.slice(0, 10), Slot__c: slot })
})
