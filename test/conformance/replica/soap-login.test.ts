/**
 * The SOAP partner API's `login` (and `logout`) at `/services/Soap/u/{version}`, as jsforce's
 * `conn.login` sends it: the documented LoginResult with a session id that works as a Bearer token,
 * the INVALID_LOGIN fault (HTTP 500) for bad credentials, and a fault for other SOAP calls.
 */
import { describe, expect, test } from '../../support/harness.js'
import { type AppConnection, connectApp, V } from '../../support/native.js'

function envelope(body: string, header = ''): string {
  return `<se:Envelope xmlns:se="http://schemas.xmlsoap.org/soap/envelope/"><se:Header>${header}</se:Header><se:Body>${body}</se:Body></se:Envelope>`
}

function loginEnvelope(username: string, password: string): string {
  return envelope(
    `<login xmlns="urn:partner.soap.sforce.com"><username>${username}</username><password>${password}</password></login>`,
  )
}

async function soap(app: AppConnection, xml: string, version = '60.0') {
  const response = await fetch(`${app.credentials.login!.url}/services/Soap/u/${version}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml', soapaction: '""' },
    body: xml,
  })
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

function element(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]
}

describe('POST /services/Soap/u/{version} login', () => {
  test('answers the LoginResult: a session id that works, the server URL and the user info', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const { parameters, secrets } = app.credentials.login!
    const response = await soap(app, loginEnvelope(parameters.username!, secrets.password!))
    expect(response.status, response.text).toBe(200)
    expect(response.type).toContain('text/xml')
    const orgId = app.credentials.token.split('!')[0]
    const sessionId = element(response.text, 'sessionId')!
    expect(sessionId).toMatch(new RegExp(`^${orgId}![.\\w]+$`))
    expect(element(response.text, 'organizationId')).toBe(orgId)
    expect(element(response.text, 'userName')).toBe(parameters.username)
    expect(element(response.text, 'passwordExpired')).toBe('false')
    const serverUrl = new URL(element(response.text, 'serverUrl')!)
    expect(serverUrl.pathname).toMatch(new RegExp(`/services/Soap/u/60\\.0/${orgId}$`))
    // jsforce keeps the origin of serverUrl as its instance URL
    const query = await fetch(`${serverUrl.origin}${V}/query?q=SELECT+Id+FROM+Account+LIMIT+1`, {
      headers: { authorization: `Bearer ${sessionId}` },
    })
    expect(query.status).toBe(200)

    // logout ends the session
    const logout = await soap(
      app,
      envelope(
        '<logout xmlns="urn:partner.soap.sforce.com"/>',
        `<SessionHeader xmlns="urn:partner.soap.sforce.com"><sessionId>${sessionId}</sessionId></SessionHeader>`,
      ),
    )
    expect(logout.status, logout.text).toBe(200)
    const after = await fetch(`${serverUrl.origin}${V}/sobjects`, {
      headers: { authorization: `Bearer ${sessionId}` },
    })
    expect(after.status).toBe(401)
  })

  test('a wrong password is the INVALID_LOGIN fault, HTTP 500', async ({ client }) => {
    const app = await connectApp(client)
    const response = await soap(app, loginEnvelope(app.credentials.login!.parameters.username!, 'nope'))
    expect(response.status).toBe(500)
    expect(element(response.text, 'faultcode')).toBe('sf:INVALID_LOGIN')
    expect(element(response.text, 'faultstring')).toBe(
      'INVALID_LOGIN: Invalid username, password, security token; or user locked out.',
    )
  })

  test('XML in the password is unescaped; other SOAP calls are refused with a fault', async ({ client }) => {
    const app = await connectApp(client)
    const escaped = await soap(app, loginEnvelope('admin@crm.replica.test', 'a&lt;b'))
    expect(escaped.status).toBe(500)
    const query = await soap(
      app,
      envelope(
        '<query xmlns="urn:partner.soap.sforce.com"><queryString>SELECT Id FROM Account</queryString></query>',
      ),
    )
    expect(query.status).toBe(500)
    expect(element(query.text, 'faultcode')).toMatch(/^sf:/)
  })

  test('reads character references: a username written with one logs in', async ({ client }) => {
    const app = await connectApp(client)
    const { parameters, secrets } = app.credentials.login!
    const username = parameters.username!
    const referenced = `&#x${username.codePointAt(0)!.toString(16)};&#${username.codePointAt(1)};${username.slice(2)}`
    const response = await soap(app, loginEnvelope(referenced, secrets.password!))
    expect(response.status, response.text).toBe(200)
  })

  test('malformed, hostile or out-of-range input is a SOAP fault, never a JSON 500', async ({ client }) => {
    const app = await connectApp(client)
    const cases: Array<[string, string]> = [
      ['<Body '.repeat(32_000), 'INVALID_OPERATION'],
      [
        envelope(`<login xmlns="urn:partner.soap.sforce.com">${'<username '.repeat(20_000)}`),
        'INVALID_OPERATION',
      ],
      [envelope('<logout/>', '<sessionId '.repeat(20_000)), 'INVALID_OPERATION'],
      // not well-formed XML: a character reference must name a character
      [loginEnvelope('a&#x110000;', 'b&#99999999999;'), 'INVALID_OPERATION'],
      [loginEnvelope('a&nbsp;', 'b'), 'INVALID_OPERATION'],
      [`<!DOCTYPE se:Envelope [<!ENTITY user "admin">]>${loginEnvelope('&user;', 'x')}`, 'INVALID_OPERATION'],
      // SOAP 1.1 forbids a DTD, even one declaring nothing used
      [`<!DOCTYPE se:Envelope>${loginEnvelope('admin', 'x')}`, 'INVALID_OPERATION'],
      [envelope(`${'<a>'.repeat(40)}${'</a>'.repeat(40)}`), 'INVALID_OPERATION'],
      [envelope('<login/><logout/>'), 'INVALID_OPERATION'],
      ['not xml at all', 'INVALID_OPERATION'],
    ]
    for (const [xml, code] of cases) {
      const response = await soap(app, xml)
      expect(response.status, xml.slice(0, 80)).toBe(500)
      expect(response.type, xml.slice(0, 80)).toContain('text/xml')
      expect(element(response.text, 'faultcode'), xml.slice(0, 80)).toBe(`sf:${code}`)
    }
  })
})

describe('POST /services/Soap/u/{version} login at the root of the base URL', () => {
  /** A SOAP call to the root, with no `/apps/{env}/{app}` prefix, as a client with a fixed login host sends it. */
  async function soapAtRoot(baseUrl: string, xml: string) {
    const response = await fetch(`${baseUrl}/services/Soap/u/60.0`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml', soapaction: '""' },
      body: xml,
    })
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    }
  }

  test('finds the environment app from the username and password, among several', async ({ client }) => {
    const first = await connectApp(client)
    const second = await connectApp(client)
    // the same seeded usernames in both environments: the password tells them apart
    expect(second.credentials.login!.parameters.username).toBe(first.credentials.login!.parameters.username)
    for (const app of [first, second]) {
      const { parameters, secrets } = app.credentials.login!
      const response = await soapAtRoot(
        client.baseUrl,
        loginEnvelope(parameters.username!, secrets.password!),
      )
      expect(response.status, response.text).toBe(200)
      const orgId = app.credentials.token.split('!')[0]
      expect(element(response.text, 'organizationId')).toBe(orgId)
      const sessionId = element(response.text, 'sessionId')!
      const query = await fetch(`${client.baseUrl}${V}/query?q=SELECT+Id+FROM+Account+LIMIT+1`, {
        headers: { authorization: `Bearer ${sessionId}` },
      })
      expect(query.status).toBe(200)
    }
  })

  test('an unknown username answers the same fault as a wrong password (no user enumeration)', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const { parameters, secrets } = app.credentials.login!
    const wrongPassword = await soapAtRoot(client.baseUrl, loginEnvelope(parameters.username!, 'nope'))
    const unknownUser = await soapAtRoot(
      client.baseUrl,
      loginEnvelope('nobody@crm.replica.test', secrets.password!),
    )
    const atAppUrl = await soap(app, loginEnvelope(parameters.username!, 'nope'))
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(500)
      expect(response.type).toBe(atAppUrl.type)
      expect(element(response.text, 'faultcode')).toBe('sf:INVALID_LOGIN')
      expect(response.text).toBe(atAppUrl.text)
    }
  })
})
