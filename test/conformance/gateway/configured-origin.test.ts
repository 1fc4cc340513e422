/**
 * Absolute URLs in native answers (the OAuth `instance_url` and identity URL, the SOAP login's
 * `serverUrl`, the identity resource's `urls`, the version resource's `identity`) are on the
 * mock's configured origin (`baseUrl`: the standalone server's listening origin, in-process the
 * origin MSW serves), never on the request's `Host` header or URL: a client that sends a forged
 * `Host` cannot make the mock hand out URLs of its choosing.
 */
import { describe, expect, test } from '../../support/harness.js'
import { type AppConnection, connectApp, V } from '../../support/native.js'
import { rawRequest } from '../../support/raw-request.js'

const FORGED = { host: 'evil.example' }

function originOf(url: string): string {
  return new URL(url).origin
}

function tokenRequest(app: AppConnection, headers: Record<string, string>) {
  const { parameters, secrets } = app.credentials.login!
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: parameters.client_id!,
    client_secret: secrets.client_secret!,
    username: parameters.username!,
    password: secrets.password!,
  }).toString()
  const headersWithType = { 'content-type': 'application/x-www-form-urlencoded', ...headers }
  return rawRequest(app.credentials.login!.url, 'POST', '/services/oauth2/token', headersWithType, { body })
}

function soapLogin(app: AppConnection, headers: Record<string, string>) {
  const { parameters, secrets } = app.credentials.login!
  const body =
    '<se:Envelope xmlns:se="http://schemas.xmlsoap.org/soap/envelope/"><se:Body>' +
    `<login xmlns="urn:partner.soap.sforce.com"><username>${parameters.username}</username><password>${secrets.password}</password></login>` +
    '</se:Body></se:Envelope>'
  return rawRequest(
    app.credentials.login!.url,
    'POST',
    '/services/Soap/u/60.0',
    { 'content-type': 'text/xml', soapaction: '""', ...headers },
    { body },
  )
}

function element(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]
}

describe('URLs in native answers', () => {
  test('the OAuth token response names the configured origin, whatever the Host header says', async ({
    client,
    mock,
  }) => {
    const app = await connectApp(client)
    const origin = originOf(mock.baseUrl)
    const response = await tokenRequest(app, FORGED)
    expect(response.status, response.text).toBe(200)
    expect(response.body.instance_url).toBe(origin)
    expect(response.body.id.startsWith(`${origin}/id/`), response.body.id).toBe(true)
    expect(response.text).not.toContain('evil.example')
  })

  test('the SOAP login result names the configured origin', async ({ client, mock }) => {
    const app = await connectApp(client)
    const origin = originOf(mock.baseUrl)
    const response = await soapLogin(app, FORGED)
    expect(response.status, response.text).toBe(200)
    expect(originOf(element(response.text, 'serverUrl')!)).toBe(origin)
    expect(originOf(element(response.text, 'metadataServerUrl')!)).toBe(origin)
    expect(response.text).not.toContain('evil.example')
  })

  test('the identity URL, userinfo and the version resource name the configured origin', async ({
    client,
    mock,
  }) => {
    const app = await connectApp(client)
    const origin = originOf(mock.baseUrl)
    const auth = { authorization: `Bearer ${app.credentials.token}`, ...FORGED }
    const resources = await rawRequest(app.credentials.url, 'GET', `${V}/`, auth)
    expect(resources.status, resources.text).toBe(200)
    expect(originOf(resources.body.identity)).toBe(origin)

    const identityPath = new URL(resources.body.identity).pathname
    const identity = await rawRequest(mock.baseUrl, 'GET', identityPath, auth)
    expect(identity.status, identity.text).toBe(200)
    expect(originOf(identity.body.id)).toBe(origin)
    expect(originOf(identity.body.urls.rest)).toBe(origin)

    const userinfo = await rawRequest(mock.baseUrl, 'GET', '/services/oauth2/userinfo', auth)
    expect(userinfo.status, userinfo.text).toBe(200)
    expect(originOf(userinfo.body.sub)).toBe(origin)
    for (const text of [resources.text, identity.text, userinfo.text])
      expect(text).not.toContain('evil.example')
  })

  test('a request handed to the app under another host is answered on the configured origin', async ({
    client,
    mock,
  }) => {
    // in-process a caller may hand `mock.fetch` any URL: the answer still names `baseUrl`
    const app = await connectApp(client)
    const { parameters, secrets } = app.credentials.login!
    const path = new URL(app.credentials.login!.url).pathname
    const response = await mock.fetch(
      new Request(`https://evil.example${path}/services/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: parameters.client_id!,
          client_secret: secrets.client_secret!,
          username: parameters.username!,
          password: secrets.password!,
        }),
      }),
    )
    const body = (await response.json()) as { instance_url: string }
    expect(response.status).toBe(200)
    expect(body.instance_url).toBe(originOf(mock.baseUrl))
  })
})
