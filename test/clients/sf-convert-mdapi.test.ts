/**
 * A Metadata API format project and its source format, as the Salesforce CLI converts it
 * (`sf project convert mdapi`), load to the same schema and the same report: the same objects,
 * fields, rules, formulas, roll-ups and ignored items, only the files they came from differ. The
 * project is Volunteers for Salesforce (test/fixtures/org-schema/volunteers-for-salesforce).
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadOrgSchema, type LoadedOrgSchema } from '../../src/org-schema/index.js'
import type { SchemaLoadReport } from '../../src/schemas/schema-load-report.js'
import { createSfCli, type SfCli } from '../support/sf-cli.js'

const V4S_SRC = path.resolve('test/fixtures/org-schema/volunteers-for-salesforce/src')

let sf: SfCli
let mdapi: LoadedOrgSchema
let source: LoadedOrgSchema

beforeAll(async () => {
  sf = await createSfCli()
  await writeFile(
    path.join(sf.home, 'sfdx-project.json'),
    JSON.stringify({ packageDirectories: [{ path: 'force-app', default: true }], sourceApiVersion: '60.0' }),
  )
  // objects and labels: the extract keeps one meta file of each other folder, which sf cannot convert
  const converted = await sf.run([
    'project',
    'convert',
    'mdapi',
    '--root-dir',
    V4S_SRC,
    '--metadata-dir',
    path.join(V4S_SRC, 'objects'),
    '--metadata-dir',
    path.join(V4S_SRC, 'labels'),
    '--output-dir',
    'force-app',
  ])
  expect(converted.json.status, converted.stderr).toBe(0)
  mdapi = await loadOrgSchema([V4S_SRC])
  source = await loadOrgSchema([path.join(sf.home, 'force-app')])
}, 120_000)

afterAll(() => sf?.dispose())

/** The report without where each item came from, ignored items in a stable order. */
function comparable(report: SchemaLoadReport) {
  const { sources: _, durationMs: __, ...rest } = report
  return {
    ...rest,
    objects: report.objects.map(({ files: _files, ...object }) => object),
    ignored: report.ignored
      .map(({ file: _file, ...item }) => item)
      .sort((a, b) => (a.item < b.item ? -1 : 1)),
  }
}

it('both formats give the same schema', () => {
  expect(source.schema.objects).toEqual(mdapi.schema.objects)
  // the same labels; sf's conversion decodes an escaped entity twice (`&amp;#9668;` becomes ◄)
  const labels = (loaded: LoadedOrgSchema) => Object.keys(loaded.schema.formulaGlobals?.label ?? {})
  expect(labels(source)).toEqual(labels(mdapi))
  expect(labels(source)).toHaveLength(181)
})

it('both formats give the same report, but for the files named', () => {
  const fromSource = comparable(source.report)
  const fromMdapi = comparable(mdapi.report)
  // the metadata folders beside package.xml are not part of what sf converts
  fromMdapi.ignored = fromMdapi.ignored.filter((item) => item.kind !== 'metadata' || item.item.includes('/'))
  fromMdapi.counts.ignored = fromMdapi.ignored.length
  expect(fromSource).toEqual(fromMdapi)
  expect(fromSource.counts).toMatchObject({ objects: 9, validationRules: 7, formulas: 11, rollups: 8 })
})
