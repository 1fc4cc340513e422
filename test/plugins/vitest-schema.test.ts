import { readFileSync } from 'node:fs'
import { afterAll, expect, it } from 'vitest'
import { SCHEMA_DOCUMENT } from '../support/org-schema.js'
import { removeProjects, runVitest, VITEST_PLUGIN, writeProject } from './support/inline-project.js'

afterAll(removeProjects)

it('replicaMock({ schema }) resolves the path against the project root and serves the schema', async () => {
  const result = await runVitest(
    writeProject('vitest-schema', {
      'vitest.config.ts': `
import { defineConfig } from 'vitest/config'
import { replicaMock } from '${VITEST_PLUGIN}'
export default defineConfig({ plugins: [replicaMock({ schema: ['./schema/projects.json'] })] })
`,
      'schema/projects.json': readFileSync(SCHEMA_DOCUMENT, 'utf8'),
      'schema.test.ts': `
import { test, expect } from '${VITEST_PLUGIN}'
test('queries the custom object of the schema document', async ({ replica }) => {
  const environment = await replica.seed.environment()
  const records = replica.records(environment.id)
  records.create('Project__c', { Name: 'Bridge', Budget__c: 10 })
  expect(records.query('SELECT Name FROM Project__c')).toEqual([expect.objectContaining({ Name: 'Bridge' })])
})
`,
    }),
  )
  expect(
    result.status['schema.test.ts > queries the custom object of the schema document'],
    result.output,
  ).toBe('passed')
})
