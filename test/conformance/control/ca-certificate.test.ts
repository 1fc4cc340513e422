import { X509Certificate } from 'node:crypto'
import { inject } from 'vitest'
import { Credentials, ErrorBody } from '../../../src/schemas/index.js'
import { conformanceTest, expect } from '../../support/harness.js'

const test = conformanceTest()
const transport = inject('transport')

test('GET /__replica/ca.pem answers the local CA certificate over https, 404 otherwise', async ({
  client,
}) => {
  const response = await client.get('/__replica/ca.pem', { token: null })
  if (transport === 'https') {
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/x-pem-file')
    const certificate = new X509Certificate(response.text)
    expect(certificate.ca).toBe(true)
    expect(certificate.subject).toContain('CN=replica-mock local CA')
  } else {
    expect(response.status).toBe(404)
    expect(ErrorBody.parse(response.body).error.code).toBe('not_found')
  }
})

test('credentials URLs carry the origin clients reach the server by, scheme included', async ({
  client,
  mock,
}) => {
  const environment = await mock.seed.environment()
  const response = await client.post(`/v1/environments/${environment.id}/apps/crm/credentials`)
  const { url } = Credentials.parse(response.body)
  expect(new URL(url).origin).toBe(new URL(client.baseUrl).origin)
  expect(new URL(url).protocol).toBe(transport === 'http' ? 'http:' : 'https:')
})
