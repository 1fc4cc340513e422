/**
 * jsforce 3 logging in as a user's app would, with the credentials' `login` details: the SOAP
 * `login` (its default), the OAuth password grant (when an OAuth client is configured), the web
 * server flow's refresh after its access token is revoked, and `conn.identity()`.
 */
import { Connection, OAuth2 } from 'jsforce'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Credentials } from '../../src/schemas/index.js'
import { createCrmEnvironment } from '../support/standalone-crm.js'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

let server: ReplicaServer
let credentials: Credentials
let login: NonNullable<Credentials['login']>

function oauth2(): OAuth2 {
  return new OAuth2({
    loginUrl: login.url,
    clientId: login.parameters.client_id!,
    clientSecret: login.secrets.client_secret!,
    redirectUri: 'http://localhost:1717/callback',
  })
}

/**
 * The web server flow's login step as a browser makes it: open jsforce's authorization URL (the
 * login page sets its cookie and form token), post the form with that cookie, get a redirect.
 */
async function authorizationCode(): Promise<string> {
  const authorizeUrl = new URL(oauth2().getAuthorizationUrl({ state: 'x' }))
  const page = await fetch(authorizeUrl)
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!
  const form = new URLSearchParams(authorizeUrl.searchParams)
  form.set('username', login.parameters.username!)
  form.set('pw', login.secrets.password!)
  form.set('form_token', /name="form_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '')
  const response = await fetch(authorizeUrl.origin + authorizeUrl.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form,
    redirect: 'manual',
  })
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location')!).searchParams.get('code')!
}

beforeAll(async () => {
  server = await createReplicaServer({ port: 0 })
})

afterAll(async () => {
  await server.close()
})

beforeEach(async () => {
  await server.mock.reset()
  ;({ credentials } = await createCrmEnvironment(server.url))
  login = credentials.login!
})

it('logs in with SOAP (conn.login without an OAuth client), queries and reads its identity', async () => {
  const conn = new Connection({ loginUrl: login.url, version: '60.0' })
  const userInfo = await conn.login(login.parameters.username!, login.secrets.password!)
  const orgId = credentials.token.split('!')[0]
  expect(userInfo).toMatchObject({ organizationId: orgId, id: expect.stringMatching(/^005\w{15}$/) })
  expect(conn.accessToken).toMatch(new RegExp(`^${orgId}!`))
  expect(conn.instanceUrl).toBe(new URL(credentials.url).origin)
  const result = await conn.query<{ Name: string }>(
    "SELECT Name FROM Account WHERE Name = 'Acme Corporation'",
  )
  expect(result.records.map((record) => record.Name)).toEqual(['Acme Corporation'])
  const identity = await conn.identity()
  expect(identity).toMatchObject({
    user_id: userInfo.id,
    organization_id: orgId,
    username: login.parameters.username,
  })
  await conn.logout()
  expect(conn.accessToken).toBeFalsy()
})

it('refuses a wrong password with the INVALID_LOGIN message', async () => {
  const conn = new Connection({ loginUrl: login.url })
  await expect(conn.login(login.parameters.username!, 'wrong')).rejects.toThrow(
    'INVALID_LOGIN: Invalid username, password, security token; or user locked out.',
  )
  const oauth = new Connection({ oauth2: oauth2() })
  await expect(oauth.login(login.parameters.username!, 'wrong')).rejects.toMatchObject({
    name: 'invalid_grant',
    message: 'authentication failure',
  })
})

it('logs in with the OAuth password grant (conn.login with an OAuth client)', async () => {
  const conn = new Connection({ oauth2: oauth2(), version: '60.0' })
  const userInfo = await conn.login(login.parameters.username!, login.secrets.password!)
  expect(userInfo.organizationId).toBe(credentials.token.split('!')[0])
  expect(conn.instanceUrl).toBe(new URL(credentials.url).origin)
  const identity = await conn.identity()
  expect(identity.username).toBe(login.parameters.username)
  expect((await conn.sobject('Account').create({ Name: 'OAuth Co' })).success).toBe(true)
})

it('refreshes after its access token is revoked (web server flow) and retries the call', async () => {
  const conn = new Connection({ oauth2: oauth2(), version: '60.0' })
  await conn.authorize(await authorizationCode())
  expect(conn.refreshToken).toEqual(expect.any(String))
  const first = conn.accessToken!
  let refreshed: string | undefined
  conn.on('refresh', (token: string) => {
    refreshed = token
  })
  await oauth2().revokeToken(first)
  const result = await conn.query('SELECT Id FROM Account LIMIT 1')
  expect(result.totalSize).toBe(1)
  expect(refreshed).toBeDefined()
  expect(conn.accessToken).not.toBe(first)
})

it('reads the identity of a credentials-token connection from the version resource', async () => {
  const conn = new Connection({
    instanceUrl: credentials.url,
    accessToken: credentials.token,
    version: '60.0',
  })
  const identity = await conn.identity()
  expect(identity).toMatchObject({
    username: 'admin@crm.replica.test',
    organization_id: credentials.token.split('!')[0],
  })
})

it('answers a bad token as an invalid session', async () => {
  const orgId = credentials.token.split('!')[0]
  const conn = new Connection({ instanceUrl: credentials.url, accessToken: `${orgId}!bad`, version: '60.0' })
  await expect(conn.query('SELECT Id FROM Account')).rejects.toMatchObject({
    name: 'INVALID_SESSION_ID',
    message: 'Session expired or invalid',
  })
})
