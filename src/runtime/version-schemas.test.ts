import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { defaultFixture } from '../fixtures/default-fixture.js'
import type { FixtureVersion } from '../fixtures/fixture-schema.js'
import { createCrmDataSets } from '../replica/crm-data.js'
import { builtInSchemas, loadVersionSchemas } from './version-schemas.js'

const DESCRIBE = fileURLToPath(new URL('../../test/fixtures/org-schema/describe', import.meta.url))
const clock = { now: () => new Date('2026-01-01T00:00:00Z') }
const none = { schema: [], data: [], strict: false }

describe('loadVersionSchemas', () => {
  it('loads a set of sources once: versions naming the same paths share one org', async () => {
    const versions: FixtureVersion[] = defaultFixture.versions.map((version) => ({
      ...version,
      schema: [DESCRIBE],
    }))
    const builtIn = createCrmDataSets({ clock })
    const schemas = await loadVersionSchemas(versions, none, { clock }, () => builtIn)
    const [a, b, c] = versions.map((version) => schemas.appsOf(version.id))
    expect(a).not.toBe(builtIn)
    expect(b).toBe(a)
    expect(c).toBe(a)
    expect(a!.metadata.getObject('Vehicle__c').name).toBe('Vehicle__c')
  })

  it('applies the options to published versions of the crm app only, after their own sources', async () => {
    const builtIn = createCrmDataSets({ clock })
    const options = { schema: [DESCRIBE], data: [], strict: false }
    const schemas = await loadVersionSchemas(defaultFixture.versions, options, { clock }, () => builtIn)
    const retired = defaultFixture.versions.find((version) => version.status === 'retired')!
    expect(schemas.appsOf(retired.id)).toBe(builtIn)
    expect(schemas.appsOf('unknown-version')).toBe(builtIn)
    expect(schemas.report().versions.filter((version) => version.schema === 'user')).toHaveLength(2)
  })

  it('builds the built-in apps only when a version first asks for them', () => {
    let built = 0
    const schemas = builtInSchemas(() => {
      built++
      return createCrmDataSets({ clock })
    }, defaultFixture.versions)
    expect(schemas.report().userSchema).toBe(false)
    expect(built).toBe(0)
    schemas.appsOf(defaultFixture.versions[0]!.id)
    expect(built).toBe(1)
  })

  it('says when no user schema is loaded', () => {
    const report = builtInSchemas(() => createCrmDataSets({ clock }), defaultFixture.versions).report()
    expect(report.userSchema).toBe(false)
    expect(report.message).toMatch(/built-in demo schema/)
    expect(report.versions.every((version) => version.report === null)).toBe(true)
  })

  it('fails the load on a data source that does not exist, naming it', async () => {
    const options = { schema: [], data: ['no-such-records.csv'], strict: false }
    await expect(
      loadVersionSchemas(defaultFixture.versions, options, { clock }, () => createCrmDataSets({ clock })),
    ).rejects.toThrow('no-such-records.csv')
  })
})
