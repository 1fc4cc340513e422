import { expect, it } from 'vitest'
import { ObjectDef } from '../../schemas/crm-schema.js'
import type { FieldValue } from './record-store.js'
import { deriveValues } from './record-rules.js'

// A schema of its own: the rules take the stages' meaning from the StageName picklist, not a table.
const opportunity = ObjectDef.parse({
  name: 'Opportunity',
  label: 'Opportunity',
  labelPlural: 'Opportunities',
  keyPrefix: '006',
  createable: true,
  updateable: true,
  deletable: true,
  fields: [
    { name: 'Id', label: 'Id', type: 'id', createable: false, updateable: false, nillable: false },
    {
      name: 'StageName',
      label: 'Stage',
      type: 'picklist',
      createable: true,
      updateable: true,
      nillable: false,
      picklistValues: [
        { value: 'Pitch', label: 'Pitch', stage: { probability: 30, closed: false, won: false } },
        { value: 'Signed', label: 'Signed', stage: { probability: 100, closed: true, won: true } },
        { value: 'Parked', label: 'Parked' },
      ],
    },
    {
      name: 'IsClosed',
      label: 'Closed',
      type: 'boolean',
      createable: false,
      updateable: false,
      nillable: false,
    },
    { name: 'IsWon', label: 'Won', type: 'boolean', createable: false, updateable: false, nillable: false },
    {
      name: 'Probability',
      label: 'Probability',
      type: 'percent',
      createable: true,
      updateable: true,
      nillable: true,
    },
  ],
})

function derive(StageName: string, sent: string[] = ['StageName']) {
  const draft: Record<string, FieldValue> = {
    Id: null,
    StageName,
    IsClosed: false,
    IsWon: false,
    Probability: 5,
  }
  deriveValues({ object: opportunity, draft, previous: undefined, sent: new Set(sent), now: new Date() })
  return draft
}

it("sets IsClosed, IsWon and Probability from the stage's picklist value in the schema", () => {
  expect(derive('Pitch')).toMatchObject({ IsClosed: false, IsWon: false, Probability: 30 })
  expect(derive('Signed')).toMatchObject({ IsClosed: true, IsWon: true, Probability: 100 })
})

it('keeps a Probability that was sent', () => {
  expect(derive('Signed', ['StageName', 'Probability'])).toMatchObject({ IsWon: true, Probability: 5 })
})

it('leaves the record alone for a stage the schema gives no meaning', () => {
  expect(derive('Parked')).toMatchObject({ IsClosed: false, IsWon: false, Probability: 5 })
})
