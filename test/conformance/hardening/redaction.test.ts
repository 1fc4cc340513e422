/**
 * Issue 15 item 3: a caller that may read recorded calls but not connect (no
 * `environments:connect`) must never see an app token, a management token or a session value in
 * them: not in listRequests, getRequest, a body download, nor through `search`.
 */
import { RecordedRequestList } from '../../../src/schemas/index.js'
import type { Client } from '../../support/client.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { callApp, connect, credentialsFor, testApp } from '../../support/app-calls.js'
import { escapeEvery } from '../../support/escape-every.js'

const test = conformanceTest({ clock: 'manual', nativeHandlers: { crm: testApp } })

// environments:read without environments:connect
const READER = 'test-readonly-key'

/** Everything the reader can get about the environment's calls, as one text. */
async function everythingVisible(client: Client, environmentId: string): Promise<string> {
  const list = await client.get(`/v1/requests?environmentId=${environmentId}&limit=100`, { token: READER })
  expect(list.status, list.text).toBe(200)
  const calls = RecordedRequestList.parse(list.body).data
  const parts = [list.text]
  for (const call of calls) {
    parts.push((await client.get(`/v1/requests/${call.id}`, { token: READER })).text)
    for (const direction of ['request', 'response']) {
      parts.push((await client.get(`/v1/requests/${call.id}/body/${direction}`, { token: READER })).text)
    }
  }
  return parts.join('\n')
}

const percentEncodeAll = (text: string) => escapeEvery(text, 'percent')

test('never shows another actor’s token, a management token or a session value', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  const other = (await credentialsFor(client, environment.id, 'crm', 'readonly')).token
  const calls: Array<[string, Parameters<typeof callApp>[4]]> = [
    [`/services/test/echo?access_token=${other}`, {}],
    [`/services/test/echo?q=${percentEncodeAll(other)}`, {}],
    [`/services/test/echo?sid=x&sessionId=00Dxx0000001gPL!AR8AQJXg5oj`, {}],
    ['/services/test/echo?key=test-member-token', {}],
    ['/services/test/echo', { headers: { 'x-other-token': other, 'x-key': 'test-api-key' } }],
    ['/services/test/echo', { json: { nested: { token: other } } }],
    ['/services/test/echo', { json: { note: `\\u00${other.charCodeAt(0).toString(16)}${other.slice(1)}` } }],
  ]
  for (const [path, options] of calls) {
    const response = await callApp(client, 'POST', path, token, options)
    expect(response.status).toBe(200)
  }
  const visible = await everythingVisible(client, environment.id)
  for (const secret of [token, other, 'test-member-token', 'test-api-key', 'AR8AQJXg5oj', other.slice(1)]) {
    expect(visible).not.toContain(secret)
    expect(visible).not.toContain(encodeURIComponent(secret))
  }
  expect(visible).not.toContain(percentEncodeAll(other))
  expect(visible).toContain('access_token=[redacted]')
  // search runs over the redacted path and query: a token finds nothing
  for (const search of [other, other.slice(0, 12), 'test-member-token']) {
    const found = await client.get(
      `/v1/requests?environmentId=${environment.id}&search=${encodeURIComponent(search)}`,
      { token: READER },
    )
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual([])
  }
})

test('redacts an imported state’s tokens as well as issued ones', async ({ client, mock }) => {
  const { environment, token } = await connect({ client, mock })
  const other = (await credentialsFor(client, environment.id, 'crm', 'integration')).token
  await mock.importState(mock.exportState())
  await callApp(client, 'GET', `/services/test/echo?x=${other}`, token)
  const visible = await everythingVisible(client, environment.id)
  expect(visible).not.toContain(other)
})

// found by the fuzz suite: a body of a few MiB full of escapes was decoded one character at a
// time, holding the event loop for seconds (a hang over HTTP on a busy machine)
test('redacts an encoded token at the end of a 3 MiB body full of escapes, and answers', async ({
  client,
  mock,
}) => {
  const { environment, token } = await connect({ client, mock })
  const other = (await credentialsFor(client, environment.id, 'crm', 'readonly')).token
  const filler = Array.from({ length: 150_000 }, (_, n) => `"%zz \\u00e9 ${n}"`).join(',')
  const response = await callApp(client, 'POST', '/services/test/echo', token, {
    json: { filler: JSON.parse(`[${filler}]`), last: percentEncodeAll(other) },
  })
  expect(response.status).toBe(200)
  const visible = await everythingVisible(client, environment.id)
  expect(visible).not.toContain(percentEncodeAll(other))
  expect(visible).not.toContain(other)
  expect((await client.get('/__replica/health')).status).toBe(200)
})
