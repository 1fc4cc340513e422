import { describe, expect, it } from 'vitest'
import { KEPT_BODY_MAX_BYTES, PREVIEW_BYTES, toBodyPreview } from './body-keeping.js'
import { escapeEvery } from '../../test/support/escape-every.js'
import { SecretList } from './known-secrets.js'
import type { RawCall } from './raw-call.js'
import { type RecordedCall, recordCall, toRecordedRequest } from './recorded-call.js'

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>

function raw(overrides: Partial<RawCall> = {}): RawCall {
  return {
    app: 'crm',
    method: 'get',
    path: '/services/data',
    query: '',
    requestHeaders: new Headers(),
    requestBody: { contentType: null, data: encode(''), complete: true, size: 0 },
    responseStatus: 200,
    respondedBy: 'app',
    errorCode: null,
    responseHeaders: new Headers(),
    responseBody: { contentType: 'application/json', data: '[]', complete: true, size: 2 },
    receivedAtMs: Date.parse('2026-01-01T00:00:00.000Z'),
    durationMs: 12.4,
    secrets: [],
    ...overrides,
  }
}

const PLACE = { id: 'req_0123456789abcdef', environmentId: 'env_a', seq: 1 }

function recorded(overrides: Partial<RawCall> = {}, secrets: string[] = []): RecordedCall {
  return recordCall(PLACE, raw(overrides), new SecretList(secrets))
}

describe('recordCall', () => {
  it('rounds the duration and derives completedAt from it', () => {
    expect(toRecordedRequest(recorded())).toMatchObject({
      method: 'GET',
      durationMs: 12,
      receivedAt: '2026-01-01T00:00:00.000Z',
      completedAt: '2026-01-01T00:00:00.012Z',
    })
  })

  it('blanks secrets in the path, query and headers, also URL-encoded', () => {
    const call = recorded({
      path: '/apps/env_a/t/tok+secret/services',
      query: 'a=tok%2Bsecret',
      requestHeaders: new Headers([
        ['Authorization', 'Bearer x'],
        ['X-Echo', 'tok+secret'],
      ]),
      secrets: ['tok+secret'],
    })
    expect(call.path).toBe('/apps/env_a/t/[redacted]/services')
    expect(call.query).toBe('a=[redacted]')
    expect(call.requestHeaders).toEqual({ authorization: '[redacted]', 'x-echo': '[redacted]' })
  })

  it("redacts every secret of the environment's calls and secret parameter, presented or not, encoded or not", () => {
    const known = ['tok_abcdefghijklmnopqrstuvwxyz012345', 'test-member-token']
    const call = recorded(
      {
        path: '/services/data/v60.0/query',
        query:
          'q=x&access_token=anything-at-all&other=%74ok_abcdefghijklmnopqrstuvwxyz012345&sessionId=00Dxx!AQ',
        requestHeaders: new Headers([
          ['x-forwarded-token', 'test-member-token'],
          ['x-sfdc-session', 'whatever'],
          ['x-note', 'oauth_token=zzz; kept=1'],
        ]),
        requestBody: {
          contentType: 'application/json',
          data: '{"note":"\\u0074est-member-token"}',
          complete: true,
          size: 34,
        },
      },
      known,
    )
    expect(call.query).toBe('q=x&access_token=[redacted]&other=[redacted]&sessionId=[redacted]')
    expect(call.requestHeaders).toEqual({
      'x-forwarded-token': '[redacted]',
      'x-sfdc-session': '[redacted]',
      'x-note': 'oauth_token=[redacted]; kept=1',
    })
    expect(call.requestBody).toMatchObject({ coverage: 'redacted', full: null })
  })

  it('does not hunt for secrets shorter than 6 characters', () => {
    expect(recorded({ path: '/services/abc', secrets: ['abc'] }).path).toBe('/services/abc')
  })

  it('keeps a text body given as a string, as its UTF-8 bytes', () => {
    const body = recorded({ responseBody: { contentType: 'text/plain', data: 'é', complete: true, size: 2 } })
    expect(body.responseBody).toMatchObject({ coverage: 'recorded', full: encode('é') })
  })

  it('redacts each call with the tokens it presented', () => {
    const echo = { requestHeaders: new Headers([['x-echo', 'tok_first_token tok_other_token']]) }
    const first = recorded({ ...echo, secrets: ['tok_first_token'] })
    const second = recorded({ ...echo, secrets: ['tok_other_token'] })
    expect(first.requestHeaders).toEqual({ 'x-echo': '[redacted] tok_other_token' })
    expect(second.requestHeaders).toEqual({ 'x-echo': 'tok_first_token [redacted]' })
  })

  it('searches a body over the recording cap where an output shows it: its preview, and across its end', () => {
    const large = (text: string) => {
      const data = encode(`${text}${'a'.repeat(KEPT_BODY_MAX_BYTES)}`)
      return recorded({
        secrets: ['tok_secret'],
        responseBody: { contentType: 'text/plain', data, complete: true, size: data.byteLength },
      }).responseBody
    }
    // in the preview, or written across its end (a part of it would show): redacted whole
    expect(large('tok_secret')).toMatchObject({ coverage: 'redacted', head: null, full: null })
    expect(large(`${'a'.repeat(PREVIEW_BYTES - 4)}tok_secret`)).toMatchObject({ coverage: 'redacted' })
    // escaped, a secret reaches furthest past the cut: 6 characters each as \uXXXX
    expect(large(`${'a'.repeat(PREVIEW_BYTES - 4)}${escapeEvery('tok_secret', 'unicode')}`)).toMatchObject({
      coverage: 'redacted',
    })
    // past what any output shows: the body is omitted with its preview, which has no secret
    const past = large(`${'a'.repeat(PREVIEW_BYTES + 200)}tok_secret`)
    expect(past).toMatchObject({ coverage: 'omitted', full: null })
    expect(toBodyPreview(past).preview).toBe('a'.repeat(PREVIEW_BYTES))
  })
})

describe('toBodyPreview', () => {
  const preview = (data: Uint8Array<ArrayBuffer>, complete = true) =>
    toBodyPreview(
      recorded({ responseBody: { contentType: null, data, complete, size: complete ? data.length : null } })
        .responseBody,
    )

  it('never cuts a 3- or 4-byte character in two', () => {
    for (const char of ['€', '😀']) {
      const text = `${'a'.repeat(PREVIEW_BYTES - 1)}${char}`
      expect(preview(encode(text))).toMatchObject({
        encoding: 'utf8',
        preview: 'a'.repeat(PREVIEW_BYTES - 1),
        previewTruncated: true,
      })
    }
  })

  it('treats invalid UTF-8 as binary and shows base64', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x00, 0x41])
    expect(preview(bytes)).toMatchObject({ encoding: 'binary', preview: '//4AQQ==', previewTruncated: false })
  })

  it('checks a body read in part up to its last whole character', () => {
    const bytes = encode('ab€').subarray(0, 4) as Uint8Array<ArrayBuffer>
    expect(preview(bytes, false)).toMatchObject({
      coverage: 'omitted',
      encoding: 'utf8',
      previewTruncated: true,
    })
  })
})
