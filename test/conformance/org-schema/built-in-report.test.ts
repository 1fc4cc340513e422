import { SchemaReport } from '../../../src/schemas/schema-report.js'
import { expect, test } from '../../support/harness.js'

test('GET /__replica/schema says when no user schema is loaded (the built-in demo)', async ({ client }) => {
  const response = await client.get('/__replica/schema')
  expect(response.status).toBe(200)
  const report = SchemaReport.parse(response.body)
  expect(report).toMatchObject({
    userSchema: false,
    message: 'No user schema is loaded: every app version serves the built-in demo schema',
  })
  expect(report.versions.map((version) => version.schema)).toEqual(['built-in', 'built-in', 'built-in'])
})
