import { ErrorBody } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'

const test = conformanceTest()

test('serves the inspector page and its scripts and styles by name', async ({ client }) => {
  const page = await client.get('/__replica/ui', { token: null })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toContain('text/html')
  const script = await client.get('/__replica/ui/inspector.js', { token: null })
  expect(script.status).toBe(200)
  expect(script.headers.get('content-type')).toContain('text/javascript')
  const style = await client.get('/__replica/ui/inspector.css', { token: null })
  expect(style.status).toBe(200)
  expect(style.headers.get('content-type')).toContain('text/css')
  for (const response of [page, script, style]) {
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('unsafe')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  }
})

test('answers 404 for an unknown file or a path that is not a file name', async ({ client }) => {
  const unknown = await client.get('/__replica/ui/nothing.js', { token: null })
  expect(unknown.status).toBe(404)
  expect(ErrorBody.parse(unknown.body).error.code).toBe('not_found')
  for (const path of [
    '/__replica/ui/nested/inspector.js',
    '/__replica/ui/inspector.txt',
    '/__replica/ui/api',
  ]) {
    const response = await client.get(path, { token: null })
    expect(response.status, path).toBe(404)
    expect(ErrorBody.parse(response.body).error, path).toMatchObject({
      code: 'not_found',
      message: `Failed to find route: GET ${path}`,
    })
  }
})
