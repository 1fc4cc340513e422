import { expect, it } from 'vitest'
import { UNCOMPILABLE_PROJECT } from '../../test/support/org-schema.js'
import { createCrmDataSets } from '../replica/crm-data.js'
import { loadOrgSchema } from './load-org-schema.js'
import { OrgSchemaError } from './org-schema-error.js'
import { reportSkipped } from './skipped-items.js'

const OBJECT = `${UNCOMPILABLE_PROJECT}/force-app/main/default/objects/Gadget__c`

async function compiled() {
  const loaded = await loadOrgSchema([UNCOMPILABLE_PROJECT])
  const crm = createCrmDataSets({ clock: { now: () => new Date() }, schema: loaded.schema })
  return { loaded, skipped: crm.metadata.formulas.skipped }
}

it('names each item that did not compile with its file, the line the reason points at, and the reason', async () => {
  const { loaded, skipped } = await compiled()
  const report = reportSkipped(loaded, skipped, false)
  expect(report.counts.skipped).toBe(3)
  expect(report.skipped).toEqual([
    {
      kind: 'default-value',
      item: 'Gadget__c.Bad_Default__c',
      file: `${OBJECT}/fields/Bad_Default__c.field-meta.xml`,
      line: 4,
      reason: "a default value cannot read the record's field Price__c",
    },
    {
      kind: 'formula',
      item: 'Gadget__c.Broken__c',
      file: `${OBJECT}/fields/Broken__c.field-meta.xml`,
      // <formula> opens on line 4; the unknown function is on the formula's third line
      line: 6,
      reason: 'Unknown function NOPE. Check spelling.',
    },
    {
      kind: 'validation-rule',
      item: 'Gadget__c.Bad',
      file: `${OBJECT}/validationRules/Bad.validationRule-meta.xml`,
      line: 5,
      reason: 'Field Nope__c does not exist on Gadget__c (in Nope__c)',
    },
  ])
})

it('fails a strict load on the first item that did not compile, naming its file and line', async () => {
  const { loaded, skipped } = await compiled()
  expect(() => reportSkipped(loaded, skipped, true)).toThrow(OrgSchemaError)
  expect(() => reportSkipped(loaded, skipped, true)).toThrow(
    `Failed to load org schema "${OBJECT}/fields/Bad_Default__c.field-meta.xml" (line 4): strict load: default value of Gadget__c.Bad_Default__c cannot compile: a default value cannot read the record's field Price__c (and 2 more)`,
  )
  // nothing skipped: a strict load passes
  expect(reportSkipped(loaded, [], true).counts.skipped).toBe(0)
})

it('places an item a schema document gave at the document, without a line', async () => {
  const document = {
    objects: [
      {
        name: 'Doc__c',
        label: 'Doc',
        keyPrefix: 'a7D',
        labelPlural: 'Docs',
        createable: true,
        updateable: true,
        deletable: true,
        fields: [
          { name: 'Id', label: 'Id', type: 'id', createable: false, updateable: false, nillable: false },
        ],
        validationRules: [{ name: 'Odd', errorConditionFormula: 'NOPE()', errorMessage: 'x' }],
      },
    ],
  }
  const loaded = await loadOrgSchema([document])
  const crm = createCrmDataSets({ clock: { now: () => new Date() }, schema: loaded.schema })
  expect(reportSkipped(loaded, crm.metadata.formulas.skipped, false).skipped).toEqual([
    {
      kind: 'validation-rule',
      item: 'Doc__c.Odd',
      file: 'schema document #1 (given in code)',
      line: undefined,
      reason: 'Unknown function NOPE. Check spelling.',
    },
  ])
})
