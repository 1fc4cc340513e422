/**
 * The CRM app's OAuth 2.0 endpoints and identity resources, with the credentials' `login`
 * details: the token endpoint's four grant types, revoke, the web server flow's authorize step,
 * userinfo and the identity URL; and the Salesforce shape of the tokens they and the credentials
 * issue (`<org id>!<secret>`, what the Salesforce CLI insists on).
 */
import { createHash } from 'node:crypto'
import type { ApiResponse } from '../../support/client.js'
import { describe, expect, test } from '../../support/harness.js'
import { type AppConnection, connectApp, expectNativeError, V } from '../../support/native.js'

const TOKEN_SHAPE = /^(00D[0-9A-Za-z]{15})![.\w]+$/
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** A form POST (or GET with `query`) to a login endpoint of the credentials' login URL, no token. */
async function loginCall(
  app: AppConnection,
  path: string,
  params: Record<string, string>,
  method = 'POST',
  headers: Record<string, string> = {},
) {
  const url = `${app.credentials.login!.url}${path}`
  const body = new URLSearchParams(params).toString()
  const response =
    method === 'POST'
      ? await fetch(url, { method, headers: { ...FORM, ...headers }, body, redirect: 'manual' })
      : await fetch(`${url}?${body}`, { method, headers, redirect: 'manual' })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text
  return { status: response.status, headers: response.headers, body: json as any, text }
}

/** Opens the login page as a browser would: the cookie it set, and the form token it holds. */
async function openLoginPage(app: AppConnection, authorize: Record<string, string>) {
  const page = await loginCall(app, '/services/oauth2/authorize', authorize, 'GET')
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
  return { page, cookie, formToken }
}

/** Posts the login form the page showed, with its cookie. */
function submitLogin(
  app: AppConnection,
  authorize: Record<string, string>,
  form: { cookie: string; formToken: string },
  credentials: { username: string; pw: string },
) {
  const params = { ...authorize, ...credentials, form_token: form.formToken }
  return loginCall(app, '/services/oauth2/authorize', params, 'POST', { cookie: form.cookie })
}

function passwordGrant(app: AppConnection, overrides: Record<string, string> = {}) {
  const { parameters, secrets } = app.credentials.login!
  return loginCall(app, '/services/oauth2/token', {
    grant_type: 'password',
    client_id: parameters.client_id!,
    client_secret: secrets.client_secret!,
    username: parameters.username!,
    password: secrets.password!,
    ...overrides,
  })
}

/** A native GET with `token` instead of the credentials token. */
async function getWith(app: AppConnection, token: string, path: string): Promise<ApiResponse> {
  const response = await fetch(`${app.credentials.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    text,
  }
}

describe('app tokens', () => {
  test('have the Salesforce shape, the org id of the environment first, stable per actor', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const [, orgId] = TOKEN_SHAPE.exec(app.credentials.token) ?? []
    expect(orgId, app.credentials.token).toBeDefined()
    const again = await client.post(`/v1/environments/${app.environment.id}/apps/crm/credentials`, {
      json: {},
    })
    expect(again.body.token).toBe(app.credentials.token)
    const other = await app.as('integration')
    expect(other.credentials.token).not.toBe(app.credentials.token)
    expect(other.credentials.token.startsWith(`${orgId}!`)).toBe(true)
    // the org id is the Organization record's
    const org = await app.get(`${V}/query?q=${encodeURIComponent('SELECT Id, Name FROM Organization')}`)
    expect(org.body.records).toEqual([expect.objectContaining({ Id: orgId, Name: 'Replica CRM' })])
    const another = await connectApp(client)
    expect(another.credentials.token.startsWith(`${orgId}!`)).toBe(false)
  })

  test('an unknown token of the right shape is an invalid session (401 INVALID_SESSION_ID)', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const orgId = app.credentials.token.split('!')[0]!
    const response = await getWith(app, `${orgId}!nottheone`, `${V}/query?q=SELECT+Id+FROM+Account`)
    expect(response.status).toBe(401)
    expect(response.body).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ])
  })
  test('an old-shape token in a saved state keeps working after the state is imported', async ({
    client,
    mock,
  }) => {
    const app = await connectApp(client)
    const state = mock.exportState() as any
    const rows = state.store.collections.credentials as Array<{ token: string }>
    const row = rows.find((credentials) => credentials.token === app.credentials.token)!
    // the shape tokens had before the Salesforce-style session ids
    row.token = 'tok_0123456789abcdef0123456789abcdef'
    await mock.importState(state)
    const response = await getWith(app, row.token, `${V}/query?q=SELECT+Id+FROM+Account+LIMIT+1`)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body.records).toHaveLength(1)
    // the credentials answer hands out the Salesforce shape of it; the old one still works
    const again = await client.post(`/v1/environments/${app.environment.id}/apps/crm/credentials`, {
      json: {},
    })
    expect(again.body.token).toMatch(TOKEN_SHAPE)
    expect(again.body.token.endsWith(`!${row.token}`)).toBe(true)
    expect((await getWith(app, again.body.token, `${V}/sobjects`)).status).toBe(200)
    expect((await getWith(app, row.token, `${V}/sobjects`)).status).toBe(200)
  })
})

describe('login details of the credentials', () => {
  test('name the username, client id and actor, with password and client secret', async ({ client }) => {
    const app = await connectApp(client)
    expect(app.credentials.login).toMatchObject({
      authentication: 'oauth2',
      url: app.credentials.url,
      parameters: {
        username: 'admin@crm.replica.test',
        client_id: expect.stringMatching(/^3MVG9/),
        actor: 'admin',
      },
      secrets: { password: expect.any(String), client_secret: expect.any(String) },
    })
  })
})

describe('POST /services/oauth2/token', () => {
  test('password grant: an access token that works, the identity URL and the instance URL', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const response = await passwordGrant(app)
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const orgId = app.credentials.token.split('!')[0]
    expect(response.body).toMatchObject({
      access_token: expect.stringMatching(TOKEN_SHAPE),
      token_type: 'Bearer',
      instance_url: new URL(app.credentials.url).origin,
      id: expect.stringMatching(new RegExp(`/id/${orgId}/005[0-9A-Za-z]{15}$`)),
      issued_at: expect.stringMatching(/^\d+$/),
      signature: expect.any(String),
    })
    expect(response.body.refresh_token).toBeUndefined()
    const query = await getWith(
      app,
      response.body.access_token,
      `${V}/query?q=SELECT+Id+FROM+Account+LIMIT+1`,
    )
    expect(query.status).toBe(200)
    // a second login reuses the live session
    expect((await passwordGrant(app)).body.access_token).toBe(response.body.access_token)
  })

  test('password grant: a wrong password, client secret or client id is refused in OAuth format', async ({
    client,
  }) => {
    const app = await connectApp(client)
    const wrongPassword = await passwordGrant(app, { password: 'nope' })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.body).toEqual({
      error: 'invalid_grant',
      error_description: 'authentication failure',
    })
    const wrongSecret = await passwordGrant(app, { client_secret: 'nope' })
    expect(wrongSecret.status).toBe(400)
    expect(wrongSecret.body.error).toBe('invalid_client_credentials')
    const wrongClient = await passwordGrant(app, { client_id: '3MVG9unknown' })
    expect(wrongClient.status).toBe(400)
    expect(wrongClient.body.error).toBe('invalid_client_id')
    const unknownGrant = await passwordGrant(app, {
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    })
    expect(unknownGrant.status).toBe(400)
    expect(unknownGrant.body.error).toBe('unsupported_grant_type')
  })

  test('client credentials grant acts as the credentials actor', async ({ client }) => {
    const app = await connectApp(client, { actorId: 'integration' })
    const { parameters, secrets } = app.credentials.login!
    const response = await loginCall(app, '/services/oauth2/token', {
      grant_type: 'client_credentials',
      client_id: parameters.client_id!,
      client_secret: secrets.client_secret!,
    })
    expect(response.status, response.text).toBe(200)
    const info = await getWith(app, response.body.access_token, '/services/oauth2/userinfo')
    expect(info.body.preferred_username).toBe(parameters.username)
    const noSecret = await loginCall(app, '/services/oauth2/token', {
      grant_type: 'client_credentials',
      client_id: parameters.client_id!,
    })
    expect(noSecret.status).toBe(400)
    expect(noSecret.body.error).toBe('invalid_client')
  })

  test('authorization code flow (with PKCE): login form, code, tokens, refresh, revoke', async ({
    client,
  }) => {
    // the app's callback is a URL the environment names (loopback and the mock's origin need none)
    const settings = { oauthCallbackUrls: ['https://app.example/callback'] }
    const app = await connectApp(client, { environment: { apps: [{ app: 'crm', settings }] } })
    const { parameters, secrets } = app.credentials.login!
    const verifier = 'v'.repeat(50)
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const authorize = {
      response_type: 'code',
      client_id: parameters.client_id!,
      redirect_uri: 'https://app.example/callback',
      state: 's1',
      code_challenge: challenge,
    }
    const form = await openLoginPage(app, authorize)
    const { page } = form
    expect(page.status).toBe(200)
    expect(page.text).toContain('<form')
    // the form is bound to this browser: a cookie only this site sends, and the same token in the form
    expect(page.headers.get('set-cookie')).toMatch(/^replica_login_form=\w+; .*HttpOnly.*SameSite=Strict/i)
    expect(form.formToken).toBe(form.cookie.split('=')[1])
    // the page loads nothing, cannot be framed and is not sniffed
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    )
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('strict-transport-security')).toBeNull()
    const wrong = await submitLogin(app, authorize, form, { username: parameters.username!, pw: 'nope' })
    expect(wrong.status).toBe(200)
    expect(wrong.text).toContain('Wrong username or password.')
    const user = { username: parameters.username!, pw: secrets.password! }
    // a form posted without this browser's cookie, or with another token, logs no one in
    for (const other of [
      { cookie: '', formToken: form.formToken },
      { cookie: form.cookie, formToken: 'forged' },
      { cookie: 'replica_login_form=forged', formToken: 'forged2' },
    ]) {
      const forged = await submitLogin(app, authorize, other, user)
      expect(forged.status, forged.text).toBe(400)
      expect(forged.body.error).toBe('invalid_request')
    }
    const login = await submitLogin(app, authorize, form, user)
    expect(login.status).toBe(302)
    const location = new URL(login.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('https://app.example/callback')
    expect(location.searchParams.get('state')).toBe('s1')
    const code = location.searchParams.get('code')!

    const tokenParams = {
      grant_type: 'authorization_code',
      client_id: parameters.client_id!,
      code,
      redirect_uri: 'https://app.example/callback',
    }
    const badVerifier = await loginCall(app, '/services/oauth2/token', {
      ...tokenParams,
      code_verifier: 'w'.repeat(50),
    })
    expect(badVerifier.status).toBe(400)
    expect(badVerifier.body.error).toBe('invalid_grant')
    // the code was used up by that attempt: ask for another
    const second = await submitLogin(app, authorize, form, user)
    const code2 = new URL(second.headers.get('location')!).searchParams.get('code')!
    const tokens = await loginCall(app, '/services/oauth2/token', {
      ...tokenParams,
      code: code2,
      code_verifier: verifier,
    })
    expect(tokens.status, tokens.text).toBe(200)
    const { access_token: access, refresh_token: firstRefresh } = tokens.body
    expect(access).toMatch(TOKEN_SHAPE)
    expect(firstRefresh).toEqual(expect.any(String))
    expect((await getWith(app, access, `${V}/sobjects`)).status).toBe(200)
    const reused = await loginCall(app, '/services/oauth2/token', {
      ...tokenParams,
      code: code2,
      code_verifier: verifier,
    })
    expect(reused.body.error).toBe('invalid_grant')
    // the replay revokes what the code issued (RFC 6749 4.1.2): its access and refresh tokens
    expectNativeError(await getWith(app, access, `${V}/sobjects`), 401, 'INVALID_SESSION_ID')
    const afterReplay = await loginCall(app, '/services/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: parameters.client_id!,
      refresh_token: firstRefresh,
    })
    expect(afterReplay.body.error).toBe('invalid_grant')

    // a new code for the rest
    const third = await submitLogin(app, authorize, form, user)
    const code3 = new URL(third.headers.get('location')!).searchParams.get('code')!
    const refresh = (
      await loginCall(app, '/services/oauth2/token', { ...tokenParams, code: code3, code_verifier: verifier })
    ).body.refresh_token

    // revoking the refresh token takes its access token along
    const refreshed = await loginCall(app, '/services/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: parameters.client_id!,
      refresh_token: refresh,
    })
    expect(refreshed.status, refreshed.text).toBe(200)
    expect((await getWith(app, refreshed.body.access_token, `${V}/sobjects`)).status).toBe(200)
    const revoked = await loginCall(app, '/services/oauth2/revoke', { token: refresh })
    expect(revoked.status).toBe(200)
    expectNativeError(
      await getWith(app, refreshed.body.access_token, `${V}/sobjects`),
      401,
      'INVALID_SESSION_ID',
    )
    const again = await loginCall(app, '/services/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: parameters.client_id!,
      refresh_token: refresh,
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('invalid_grant')
  })
})

/** The authorize page for `redirect_uri`, with the app's own client id. */
function authorizePage(app: AppConnection, redirect_uri: string) {
  const client_id = app.credentials.login!.parameters.client_id!
  return loginCall(
    app,
    '/services/oauth2/authorize',
    { response_type: 'code', client_id, redirect_uri },
    'GET',
  )
}

describe('GET /services/oauth2/authorize redirect_uri', () => {
  test('takes loopback, the mock itself and the callbacks the app names; refuses any other', async ({
    client,
  }) => {
    const named = 'https://app.example/callback'
    const app = await connectApp(client, {
      environment: { apps: [{ app: 'crm', settings: { oauthCallbackUrls: [named] } }] },
    })
    const page = (redirect_uri: string) => authorizePage(app, redirect_uri)
    const own = new URL(app.credentials.login!.url).origin
    for (const allowed of [
      'http://localhost:1717/callback',
      'https://127.0.0.1/cb',
      'http://[::1]:8080/oauth',
      `${own}/callback`,
      named,
    ]) {
      expect((await page(allowed)).status, allowed).toBe(200)
    }
    for (const refused of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https://evil.example/callback',
      `${named}/more`,
      'https://app.example.evil.example/callback',
    ]) {
      const response = await page(refused)
      expect(response.status, refused).toBe(400)
      expect(response.body, refused).toEqual({
        error: 'redirect_uri_mismatch',
        error_description: 'redirect_uri must match configuration',
      })
    }
  })

  test('the login details list the callbacks the authorize endpoint takes, and only those', async ({
    client,
  }) => {
    const named = ['https://app.example/callback', 'http://ci.example:8080/oauth/done?from=replica']
    const environment = { apps: [{ app: 'crm', settings: { oauthCallbackUrls: named } }] }
    const app = await connectApp(client, { environment })
    const { parameters } = app.credentials.login!
    const own = new URL(app.credentials.login!.url).origin
    expect(parameters.callback_urls).toBe(named.join(' '))
    expect(parameters.callback_origins!.split(' ')).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
      'http://[::1]:*',
      'https://localhost:*',
      'https://127.0.0.1:*',
      'https://[::1]:*',
      own,
    ])
    // every credentials answer of the app says the same
    const again = await client.post(`/v1/environments/${app.environment.id}/apps/crm/credentials`, {
      json: { actorId: 'integration' },
    })
    expect(again.body.login.parameters).toMatchObject({
      callback_urls: parameters.callback_urls,
      callback_origins: parameters.callback_origins,
    })
    const page = (redirect_uri: string) => authorizePage(app, redirect_uri)
    const listed = [
      ...parameters.callback_urls!.split(' '),
      ...parameters
        .callback_origins!.split(' ')
        .flatMap((origin) => [
          `${origin.replace(/:\*$/, '')}/cb`,
          `${origin.replace(/:\*$/, ':4321')}/any/path?x=1`,
        ]),
    ]
    for (const allowed of listed) {
      const response = await page(allowed)
      expect(response.status, allowed).toBe(200)
      expect(response.text, allowed).toContain('<form')
    }
    for (const unlisted of [
      'https://app.example/callback/',
      'https://app.example/other',
      'http://ci.example:8080/oauth/done',
      'https://localhost.evil.example/cb',
    ]) {
      const response = await page(unlisted)
      expect(response.status, unlisted).toBe(400)
      expect(response.body.error, unlisted).toBe('redirect_uri_mismatch')
      expect(response.headers.get('set-cookie'), unlisted).toBeNull()
    }
  })

  test('an app without oauthCallbackUrls lists none, only the default origins', async ({ client }) => {
    const { parameters } = (await connectApp(client)).credentials.login!
    expect(parameters.callback_urls).toBe('')
    expect(parameters.callback_origins).toContain('http://localhost:*')
  })

  test('refuses an environment whose oauthCallbackUrls are not absolute http(s) URLs', async ({ client }) => {
    for (const oauthCallbackUrls of [
      ['javascript:alert(1)'],
      ['/relative'],
      'https://a.example',
      ['https://a.example/#x'],
    ]) {
      const response = await client.post('/v1/environments', {
        json: { apps: [{ app: 'crm', settings: { oauthCallbackUrls } }] },
      })
      expect(response.status, JSON.stringify(oauthCallbackUrls)).toBe(400)
      expect(response.body.error.fields).toHaveProperty(['apps.0.settings.oauthCallbackUrls'])
    }
  })
})

describe('POST /services/oauth2/revoke', () => {
  test('revokes an access token; an unknown one is 400 invalid_token, urlencoded', async ({ client }) => {
    const app = await connectApp(client)
    const { access_token: access } = (await passwordGrant(app)).body
    expect((await loginCall(app, '/services/oauth2/revoke', { token: access })).status).toBe(200)
    expectNativeError(await getWith(app, access, `${V}/sobjects`), 401, 'INVALID_SESSION_ID')
    const unknown = await loginCall(app, '/services/oauth2/revoke', { token: access })
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(unknown.text))).toEqual({
      error: 'invalid_token',
      error_description: 'Token was invalid',
    })
  })
})

describe('userinfo and the identity URL', () => {
  test('GET /services/oauth2/userinfo names the user and org of the token', async ({ client }) => {
    const app = await connectApp(client)
    const orgId = app.credentials.token.split('!')[0]
    const info = await app.get('/services/oauth2/userinfo')
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({
      user_id: expect.stringMatching(/^005\w{15}$/),
      organization_id: orgId,
      preferred_username: 'admin@crm.replica.test',
      active: true,
      user_type: 'STANDARD',
    })
    expect(info.body.sub).toMatch(new RegExp(`/id/${orgId}/${info.body.user_id}$`))
    expect(info.body.urls.rest).toContain('/services/data/v{version}/')
    // the User record behind it is readable, read-only
    const user = await app.get(`${V}/sobjects/User/${info.body.user_id}`)
    expect(user.body).toMatchObject({ Username: 'admin@crm.replica.test', IsActive: true })
    expectNativeError(
      await app.patch(`${V}/sobjects/User/${info.body.user_id}`, { json: { LastName: 'X' } }),
      400,
      'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
    )
  })

  test('GET /id/{orgId}/{userId} with the token in the query; version fills the URLs', async ({ client }) => {
    const app = await connectApp(client)
    const resources = await app.get(V)
    const identityUrl = new URL(resources.body.identity)
    const response = await fetch(
      `${identityUrl.href}?format=json&version=58.0&oauth_token=${encodeURIComponent(app.credentials.token)}`,
    )
    const body = await response.json()
    expect(response.status).toBe(200)
    expect(body).toMatchObject({
      id: identityUrl.href,
      username: 'admin@crm.replica.test',
      organization_id: app.credentials.token.split('!')[0],
    })
    expect(body.urls.rest).toContain('/services/data/v58.0/')
    const xml = await fetch(`${identityUrl.href}?format=xml`, {
      headers: { authorization: `Bearer ${app.credentials.token}` },
    })
    expect(xml.status).toBe(501)
    const bad = await fetch(identityUrl.href, { headers: { authorization: 'Bearer 00D000000000000AAA!bad' } })
    expect(bad.status).toBe(403)
  })
})
