/**
 * @module
 * A user's own org schema (src/org-schema, src/replica/formulas), as a team with a large
 * org feels it: loading an SFDX project of 500 objects, 20,000 fields and 1,000 validation rules
 * <= 2 s (a server start or a test file's first mock pays it), of which compiling the 1,000 rules
 * (building the replica over the schema) <= 0.5 s; describing an 800-field object in-process
 * <= 20 ms; a create on an object with 20 active validation rules and 10 formula fields <= 2x the
 * same create on an object with none (formulas compile once, a write calls closures). In-process
 * calls go to the CRM native handler directly (no gateway), the way the `crm-records-http` bench
 * times its in-process figures.
 */
import { rm } from 'node:fs/promises'
import { loadOrgSchema } from '../../src/org-schema/index.js'
import { createCrmDataSets } from '../../src/replica/crm-data.js'
import { compileSchemaFormulas } from '../../src/replica/formulas/schema-formulas.js'
import { createCrmRoutes } from '../../src/replica/handlers/crm-routes.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { xmlFloor } from '../lib/xml-floor.js'
import { compareLoop } from '../lib/measure-loop.js'
import { STANDALONE_CRM_CALL } from '../lib/native-call.js'
import { type OrgObjectSpec, plainField, writeOrgProject } from '../lib/org-project.js'
import { settings } from '../lib/settings.js'
import { budget, type Measurement, toMeasurement } from '../lib/stats.js'

const V = '/services/data/v60.0'
const LOAD_MS = 2_000
const DESCRIBE_MS = 20
const CREATE_RATIO = 2
const COMPILE_MS = 500
const LARGE = { objects: 500, fieldsPerObject: 40, rulesPerObject: 2 }
const WIDE_FIELDS = 800
const RULED = { fields: 20, rules: 20, formulas: 10 }

function largeOrg(): OrgObjectSpec[] {
  return Array.from({ length: LARGE.objects }, (_, i) => ({
    name: `Bench_${i}__c`,
    // the lookup is one of the object's 40 fields
    fields: LARGE.fieldsPerObject - (i > 0 ? 1 : 0),
    rules: LARGE.rulesPerObject,
    lookupTo: i > 0 ? `Bench_${i - 1}__c` : undefined,
  }))
}

/**
 * Wall time of loading the large project, per round (the first load is a warm-up), and of
 * building the replica over it (metadata indexed, every rule type-checked and compiled): together
 * what a start with that schema costs.
 */
async function loadTimes(): Promise<{
  load: Measurement
  build: Measurement
  compile: Measurement
  floor: Measurement
  counts: string
}> {
  const dir = await writeOrgProject(largeOrg())
  try {
    const first = await loadOrgSchema([dir])
    const custom = first.schema.objects.filter((o) => o.name.startsWith('Bench_'))
    const fields = custom.reduce((sum, o) => sum + o.fields.length, 0)
    const rules = custom.reduce((sum, o) => sum + (o.validationRules?.length ?? 0), 0)
    const samples: number[] = []
    const builds: number[] = []
    const compiles: number[] = []
    const floors: number[] = []
    let files = 0
    for (let round = 0; round < settings.rounds; round++) {
      const started = performance.now()
      const { schema } = await loadOrgSchema([dir])
      const loaded = performance.now()
      const { metadata } = createCrmDataSets({ clock: { now: () => new Date() }, schema })
      builds.push(performance.now() - loaded)
      // the part of the build that type-checks and compiles every formula, rule and default
      const compiling = performance.now()
      compileSchemaFormulas(metadata.objects(), {
        findObject: (name) => metadata.findObject(name),
        findField: (object, name) => metadata.findField(object, name),
        parentRelationship: (object, name) => metadata.parentRelationship(object, name),
      })
      compiles.push(performance.now() - compiling)
      samples.push(loaded - started)
      // after the load, so the floor's garbage is not collected inside the load's time
      const floor = xmlFloor(dir)
      floors.push(floor.ms)
      files = floor.files
    }
    const counts = `${custom.length} objects, ${fields} fields (with standard ones), ${rules} rules`
    return {
      load: toMeasurement(`load an SFDX project of ${counts}`, 'ms', samples),
      build: toMeasurement('build the replica over it (metadata indexed, formulas compiled)', 'ms', builds),
      compile: toMeasurement(`type-check and compile its ${rules} rules (part of the build)`, 'ms', compiles),
      floor: toMeasurement(
        `floor: the XML reader alone reading and parsing its ${files} XML files`,
        'ms',
        floors,
      ),
      counts,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The body of a create that fills the plain fields of `RULED` so each rule reads values. */
function createBody(): string {
  const values: Record<string, unknown> = { Name: 'Bench record' }
  for (let i = 0; i < RULED.fields; i++) {
    const { name, kind } = plainField(i)
    values[name] = {
      Text: 'text',
      Number: 12.5,
      Checkbox: true,
      Date: '2026-01-02',
      Picklist: 'Mid',
      Email: 'a@b.test',
    }[kind]
  }
  return JSON.stringify(values)
}

interface InProcess {
  describe: Measurement
  ruled: Measurement
  plain: Measurement
}

async function inProcess(): Promise<InProcess> {
  const dir = await writeOrgProject([
    { name: 'Wide__c', fields: WIDE_FIELDS },
    { name: 'Ruled__c', ...RULED },
    { name: 'Plain__c', fields: RULED.fields },
  ])
  try {
    const { schema } = await loadOrgSchema([dir])
    const app = createCrmDataSets({ clock: { now: () => new Date() }, schema }).open()
    const handler = createCrmRoutes({ dataFor: () => app }).handler
    const body = createBody()
    const send = async (request: Request, status: number) => {
      const response = await handler(request, STANDALONE_CRM_CALL)
      const text = await response.text()
      if (response.status !== status) throw new Error(`Failed: ${response.status} ${text}`)
      return text
    }
    const describeWide = () => send(new Request(`http://replica.bench${V}/sobjects/Wide__c/describe`), 200)
    const create = (object: string) => () =>
      send(
        new Request(`http://replica.bench${V}/sobjects/${object}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
        201,
      )
    const fieldCount = JSON.parse(await describeWide()).fields.length
    const [described] = await compareLoop(
      [{ label: `in-process: describe of an object with ${fieldCount} fields`, fn: describeWide }],
      { iterations: 100 },
    )
    const [ruled, plain] = await compareLoop(
      [
        {
          label: `in-process: create, ${RULED.rules} validation rules and ${RULED.formulas} formula fields`,
          fn: create('Ruled__c'),
        },
        { label: 'in-process: create, the same fields, no rules or formulas', fn: create('Plain__c') },
      ],
      { iterations: 1000, interleave: 'operations' },
    )
    return { describe: described!, ruled: ruled!, plain: plain! }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export default defineBench({
  description: `a user's org schema: load 500 objects / 20k fields / 1k rules (<= ${LOAD_MS} ms, compiling the rules <= ${COMPILE_MS} ms), describe 800 fields (<= ${DESCRIBE_MS} ms), create with rules and formulas (<= ${CREATE_RATIO}x none)`,
  async run() {
    const { load, build, compile, floor: xml } = await loadTimes()
    const { describe, ruled, plain } = await inProcess()
    const describeMs = {
      ...describe,
      unit: 'ms',
      value: describe.value / 1000,
      samples: describe.samples.map((s) => s / 1000),
    }
    const comparisons: Comparison[] = [
      {
        label: `load a 500-object org schema (ms vs ${LOAD_MS} ms)`,
        subject: load,
        baseline: budget(LOAD_MS, 'ms'),
        target: { atMost: 1 },
      },
      {
        label: `compile the 1,000 rules of the 500-object schema (ms vs ${COMPILE_MS} ms)`,
        subject: compile,
        baseline: budget(COMPILE_MS, 'ms'),
        target: { atMost: 1 },
      },
      {
        label: `describe of an 800-field object in-process (ms vs ${DESCRIBE_MS} ms)`,
        subject: describeMs,
        baseline: budget(DESCRIBE_MS, 'ms'),
        target: { atMost: 1 },
      },
      {
        label: 'create with 20 rules and 10 formulas vs a create with none (in-process)',
        subject: ruled,
        baseline: plain,
        target: { atMost: CREATE_RATIO },
      },
    ]
    return { comparisons, figures: [build, xml] }
  },
})
