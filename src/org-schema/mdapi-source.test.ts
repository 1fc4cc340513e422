import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FieldDef } from '../schemas/crm-schema.js'
import { type LoadedOrgSchema, loadOrgSchema } from './load-org-schema.js'

// Volunteers for Salesforce keeps the Metadata API format under `src` (its README: commit, license)
const V4S = path.resolve('test/fixtures/org-schema/volunteers-for-salesforce')
const V4S_OBJECTS = path.join(V4S, 'src/objects')

let v4s: LoadedOrgSchema
beforeAll(async () => {
  v4s = await loadOrgSchema([V4S])
})

function fieldOf(loaded: LoadedOrgSchema, objectName: string, name: string): FieldDef | undefined {
  return loaded.schema.objects
    .find((object) => object.name === objectName)
    ?.fields.find((f) => f.name === name)
}

describe('a Metadata API format project (Volunteers for Salesforce)', () => {
  it('adds its custom objects and merges its fields into the built-in ones, each from its .object file', () => {
    const objects = Object.fromEntries(v4s.report.objects.map((object) => [object.name, object]))
    expect(Object.keys(objects).sort()).toEqual([
      'Contact',
      'Job_Recurrence_Schedule__c',
      'Lead',
      'PackageSettings__c',
      'Volunteer_Hours__c',
      'Volunteer_Job__c',
      'Volunteer_Recurrence_Schedule__c',
      'Volunteer_Shift__c',
      'Volunteers_Settings__c',
    ])
    expect(objects.Volunteer_Shift__c).toMatchObject({
      action: 'added',
      custom: true,
      files: [path.join(V4S_OBJECTS, 'Volunteer_Shift__c.object')],
    })
    expect(objects.Contact).toMatchObject({
      action: 'merged',
      rollups: ['First_Volunteer_Date__c', 'Last_Volunteer_Date__c', 'Volunteer_Hours__c'],
    })
    expect(v4s.report.counts).toMatchObject({
      objects: 9,
      fields: 152,
      validationRules: 7,
      formulas: 11,
      rollups: 8,
    })
    expect(v4s.report.sources).toEqual([{ path: V4S, kind: 'sfdx-project' }])
  })

  it('reads fields, formulas, validation rules and the name field inline, as source format would', () => {
    expect(fieldOf(v4s, 'Volunteer_Shift__c', 'Duration__c')).toMatchObject({
      type: 'double',
      precision: 5,
      scale: 2,
      nillable: false,
    })
    expect(fieldOf(v4s, 'Volunteer_Shift__c', 'Job_Location_City__c')).toMatchObject({
      calculated: true,
      formula: 'Volunteer_Job__r.Location_City__c',
    })
    expect(fieldOf(v4s, 'Volunteer_Shift__c', 'Name')).toMatchObject({ nameField: true })
    const hours = v4s.schema.objects.find((object) => object.name === 'Volunteer_Hours__c')!
    expect(hours.validationRules.map((rule) => rule.name)).toEqual([
      'HoursRequiredOnCompletion',
      'StatusMustBeSet',
    ])
    expect(hours.validationRules[0]!.errorConditionFormula).not.toBe('')
    // CustomLabels.labels: the values of $Label
    expect(Object.keys(v4s.schema.formulaGlobals?.label ?? {})).toHaveLength(181)
  })

  it('lists what it does not serve, by the same items source format would', () => {
    const ignored = (kind: string) =>
      v4s.report.ignored.filter((item) => item.kind === kind).map((item) => item.item)
    // inline parts of an object, one item per kind, named by the .object file
    expect(ignored('metadata')).toEqual(
      expect.arrayContaining(['Campaign/recordTypes', 'Volunteer_Job__c/webLinks']),
    )
    const webLinks = v4s.report.ignored.find((item) => item.item === 'Volunteer_Job__c/webLinks')
    expect(webLinks?.file).toBe(path.join(V4S_OBJECTS, 'Volunteer_Job__c.object'))
    // inline list views load as source format's do: a column no field answers to is left out, and said
    const job = v4s.schema.objects.find((object) => object.name === 'Volunteer_Job__c')
    expect(job?.listViews?.map((view) => view.developerName)).toEqual([
      'All_Jobs',
      'Available_Jobs',
      'Ongoing_Jobs',
    ])
    expect(
      v4s.report.ignored.find((item) => item.item === 'Volunteer_Job__c/listViews/All_Jobs'),
    ).toMatchObject({
      file: path.join(V4S_OBJECTS, 'Volunteer_Job__c.object'),
      reason: 'column Campaign__c: no field answers to it',
    })
    // every other folder beside package.xml, once, not walked
    for (const folder of ['classes', 'tabs', 'workflows', 'email', 'documents'])
      expect(ignored('metadata')).toContain(folder)
    expect(ignored('object')).toEqual(['Campaign', 'OpportunityCompetitor', 'Site'])
    expect(ignored('field')).toEqual(['Volunteer_Job__c.Campaign__c'])
    // loaded without what the replica does not act on
    expect(ignored('detail').sort()).toEqual([
      'PackageSettings__c',
      'Volunteer_Hours__c.Volunteer_Shift__c',
      'Volunteer_Job__c.Description__c',
      'Volunteer_Job__c.Location_Information__c',
      'Volunteers_Settings__c',
    ])
  })

  it('reads a folder holding package.xml as a metadata package', async () => {
    const loaded = await loadOrgSchema([path.join(V4S, 'src')])
    expect(loaded.report.sources).toEqual([{ path: path.join(V4S, 'src'), kind: 'metadata-package' }])
    expect(loaded.report.counts).toEqual(v4s.report.counts)
  })
})

describe("CumulusCI's namespace tokens", () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'replica-mdapi-'))
    const objects = path.join(dir, 'objects')
    await mkdir(objects, { recursive: true })
    await writeFile(
      path.join(dir, 'package.xml'),
      '<Package xmlns="http://soap.sforce.com/2006/04/metadata"/>',
    )
    await writeFile(
      path.join(objects, '___NAMESPACE___Shelf__c.object'),
      `<?xml version="1.0" encoding="UTF-8"?>
<CustomObject xmlns="http://soap.sforce.com/2006/04/metadata">
    <fields>
        <fullName>%%%NAMESPACE%%%Width__c</fullName>
        <label>Width</label>
        <precision>5</precision>
        <scale>0</scale>
        <type>Number</type>
    </fields>
    <fields>
        <fullName>Double__c</fullName>
        <formula>%%%NAMESPACE%%%Width__c * 2</formula>
        <label>Double</label>
        <precision>6</precision>
        <scale>0</scale>
        <type>Number</type>
    </fields>
    <fields>
        <fullName>other__Depth__c</fullName>
        <label>Depth</label>
        <precision>5</precision>
        <scale>0</scale>
        <type>Number</type>
    </fields>
    <label>Shelf</label>
    <nameField>
        <label>Shelf Name</label>
        <type>Text</type>
    </nameField>
    <pluralLabel>Shelves</pluralLabel>
    <sharingModel>ReadWrite</sharingModel>
</CustomObject>
`,
    )
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('resolve to no namespace unless one is given', async () => {
    const loaded = await loadOrgSchema([dir])
    expect(fieldOf(loaded, 'Shelf__c', 'Width__c')).toMatchObject({ type: 'double' })
    expect(fieldOf(loaded, 'Shelf__c', 'Double__c')?.formula).toBe('Width__c * 2')
    expect(loaded.report.ignored).toContainEqual(
      expect.objectContaining({
        kind: 'field',
        item: 'Shelf__c.other__Depth__c',
        reason: expect.stringMatching(/namespaced/),
      }),
    )
    expect(loaded.report.namespace).toBeUndefined()
  })

  it('resolve to the namespace given, whose names are the project own', async () => {
    const loaded = await loadOrgSchema([dir], { namespace: 'acme' })
    expect(fieldOf(loaded, 'acme__Shelf__c', 'acme__Width__c')).toMatchObject({ type: 'double' })
    expect(fieldOf(loaded, 'acme__Shelf__c', 'Double__c')?.formula).toBe('acme__Width__c * 2')
    expect(loaded.report.ignored.map((item) => item.item)).toContain('acme__Shelf__c.other__Depth__c')
    expect(loaded.report.namespace).toBe('acme')
  })

  it('resolve in source format too: folder and file names, contents', async () => {
    const folder = path.join(dir, 'force-app', 'objects', '___NAMESPACE___Crate__c')
    await mkdir(path.join(folder, 'fields'), { recursive: true })
    await writeFile(
      path.join(folder, '___NAMESPACE___Crate__c.object-meta.xml'),
      '<CustomObject xmlns="http://soap.sforce.com/2006/04/metadata"><label>Crate</label></CustomObject>',
    )
    await writeFile(
      path.join(folder, 'fields', '___NAMESPACE___Shelf__c.field-meta.xml'),
      '<CustomField xmlns="http://soap.sforce.com/2006/04/metadata"><label>Shelf</label><type>Lookup</type><referenceTo>%%%NAMESPACE%%%Shelf__c</referenceTo></CustomField>',
    )
    const loaded = await loadOrgSchema([path.join(dir, 'force-app'), dir], { namespace: 'acme' })
    expect(fieldOf(loaded, 'acme__Crate__c', 'acme__Shelf__c')).toMatchObject({
      referenceTo: ['acme__Shelf__c'],
    })
  })

  it('refuses a namespace that is no namespace prefix', async () => {
    await expect(loadOrgSchema([dir], { namespace: 'a__b' })).rejects.toThrow(/not a namespace prefix/)
  })
})

it('an .object file holding only fields adds them to an object another source defines', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'replica-mdapi-'))
  try {
    await mkdir(path.join(dir, 'objects'))
    await writeFile(
      path.join(dir, 'package.xml'),
      '<Package xmlns="http://soap.sforce.com/2006/04/metadata"/>',
    )
    await writeFile(
      path.join(dir, 'objects', 'Volunteer_Job__c.object'),
      '<CustomObject xmlns="http://soap.sforce.com/2006/04/metadata"><fields><fullName>Extra__c</fullName><label>Extra</label><type>Checkbox</type><defaultValue>false</defaultValue></fields></CustomObject>',
    )
    const alone = await loadOrgSchema([dir])
    expect(alone.report.ignored).toContainEqual(
      expect.objectContaining({
        kind: 'object',
        item: 'Volunteer_Job__c',
        reason: expect.stringMatching(/not defined by any source/),
      }),
    )
    const after = await loadOrgSchema([V4S, dir])
    expect(fieldOf(after, 'Volunteer_Job__c', 'Extra__c')).toMatchObject({ type: 'boolean' })
    expect(fieldOf(after, 'Volunteer_Job__c', 'Name')).toBeDefined()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

it('names the way out for a zipped retrieve', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'replica-mdapi-'))
  try {
    await writeFile(path.join(dir, 'unpackaged.zip'), 'PK')
    await expect(loadOrgSchema([path.join(dir, 'unpackaged.zip')])).rejects.toThrow(/--unzip/)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
