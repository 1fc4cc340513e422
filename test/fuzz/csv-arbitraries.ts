/**
 * Hostile Bulk API 2.0 input (docs/bulk-api.md): CSV uploads that are malformed (unbalanced
 * quotes, wrong row widths, byte order marks, huge fields, unknown or repeated columns, other
 * encodings, gzip garbage), job bodies with bad operations and delimiters, multipart job
 * creations, and results locators and `maxRecords` values. An upload is a body with the headers
 * that go with it (its content type and encoding).
 */
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'

export interface Payload {
  body?: string | Uint8Array<ArrayBuffer>
  headers?: Record<string, string>
}

const COLUMNS = [
  'Name',
  'Description',
  'Industry',
  'AnnualRevenue',
  'External_Id__c',
  'Id',
  'Account.External_Id__c',
  'Owner:User.Email',
  'Nope__c',
  'name',
  '',
  ' Name',
  '"Name"',
]
const CELLS = [
  'Acme',
  '',
  '#N/A',
  '"quoted, with comma"',
  '"unbalanced',
  'mid"quote',
  '"a ""b"" c"',
  '"multi\nline"',
  '1e999',
  '-0',
  'Energy',
  '001Rm0000000001IAA',
  '\u0000',
  '\uFEFF',
  '\t',
  '|',
  '\u2028',
]

/** A CSV text: a header, rows of cells (often the wrong width), in a random delimiter and line end. */
const csvText = fc
  .record({
    header: fc.array(fc.constantFrom(...COLUMNS), { minLength: 1, maxLength: 5 }),
    rows: fc.array(
      fc.array(fc.oneof(fc.constantFrom(...CELLS), fc.string({ maxLength: 20 })), { maxLength: 6 }),
      {
        maxLength: 8,
      },
    ),
    delimiter: fc.constantFrom(',', ',', ',', '\t', '|', ';'),
    lineEnd: fc.constantFrom('\n', '\n', '\r\n', '\r'),
    width: fc.boolean(),
  })
  .map(({ header, rows, delimiter, lineEnd, width }) => {
    // half the time each row has exactly the header's width, so parsing reaches the columns
    const shaped = width ? rows.map((row) => header.map((_, i) => row[i] ?? '')) : rows
    return [header, ...shaped].map((row) => row.join(delimiter)).join(lineEnd) + lineEnd
  })

const csvBody = fc.oneof(
  { weight: 6, arbitrary: csvText },
  { weight: 1, arbitrary: csvText.map((text) => `\uFEFF${text}`) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 400_000 })
      .map((size) => `Name,Description\nBig,${'x'.repeat(size)}\n`),
  },
  { weight: 1, arbitrary: fc.constant(`Name,Description\nBig,"${'y'.repeat(300_000)}\n`) },
  { weight: 1, arbitrary: fc.constant(`${Array.from({ length: 2000 }, (_, i) => `C${i}`).join(',')}\n`) },
  { weight: 1, arbitrary: fc.constantFrom('', '\n', '\r\n\r\n', ',', '"', 'Name\n"', 'Name,Name\na,b\n') },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
)

/** The upload: CSV as text or in another encoding, gzip of it, or gzip garbage, with its headers. */
export const csvUpload: fc.Arbitrary<Payload> = fc
  .tuple(
    csvBody,
    fc.constantFrom(
      'utf8',
      'utf8',
      'utf8',
      'utf16le',
      'latin1',
      'gzip',
      'gzip-garbage',
      'gzip-truncated',
      'gzip-bomb',
    ),
    fc.constantFrom(
      'text/csv',
      'text/csv',
      'text/csv',
      'text/csv',
      'text/csv; charset=UTF-8',
      'text/csv; charset=ISO-8859-1',
      'application/json',
      '',
    ),
    fc.constantFrom('', '', '', '', '', '', 'identity', 'gzip', 'deflate', 'br', 'x'),
    fc.uint8Array({ maxLength: 300 }),
  )
  .map(([text, encoding, type, declared, noise]) => {
    const headers: Record<string, string> = { 'content-type': type }
    let body: string | Uint8Array<ArrayBuffer> = text
    if (encoding === 'utf16le' || encoding === 'latin1') body = new Uint8Array(Buffer.from(text, encoding))
    else if (encoding.startsWith('gzip')) {
      // a bomb: 8 MiB of one byte, which gzip packs into about 8 KiB
      const zipped = encoding === 'gzip-bomb' ? gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x61)) : gzipSync(text)
      body =
        encoding === 'gzip' || encoding === 'gzip-bomb'
          ? new Uint8Array(zipped)
          : encoding === 'gzip-truncated'
            ? new Uint8Array(zipped.subarray(0, Math.max(1, zipped.length >> 1)))
            : new Uint8Array([0x1f, 0x8b, ...noise])
      headers['content-encoding'] = 'gzip'
    }
    if (declared !== '') headers['content-encoding'] = declared
    return { body, headers }
  })

const wrongType = fc.constantFrom<unknown>(null, 5, true, [], {}, '')

/** Mostly one of `valid`, now and then one of `odd` (so a body reaches past the first check). */
function often(valid: readonly unknown[], odd: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...odd), wrongType) },
  )
}

/** A job creation body: mostly right, with bad operations, objects, delimiters, keys. */
export const ingestJobBody = fc.record(
  {
    object: often(['Account', 'Contact', 'account'], ['Nope', 'Task', 'x'.repeat(300)]),
    operation: often(['insert', 'update', 'upsert', 'delete', 'hardDelete'], ['Insert', 'query', 'merge']),
    externalIdFieldName: fc.constantFrom<unknown>(
      undefined,
      undefined,
      'External_Id__c',
      'Name',
      'Nope__c',
      null,
    ),
    contentType: often(['CSV'], ['JSON', 'csv']),
    columnDelimiter: often(['COMMA', 'TAB', 'PIPE', 'SEMICOLON', 'CARET', 'BACKQUOTE'], [',', 'comma']),
    lineEnding: often(['LF', 'CRLF'], ['CR', 'lf']),
    assignmentRuleId: often(['01Q000000000001'], ['x'.repeat(30)]),
    concurrencyMode: fc.constantFrom<unknown>(undefined, undefined, undefined, 'Parallel'),
  },
  { requiredKeys: ['object', 'operation'] },
)

/** `multipart/form-data` job creation: a `job` part and a `content` part, sometimes broken. */
export const multipartJob: fc.Arbitrary<Payload> = fc
  .tuple(
    ingestJobBody,
    csvBody,
    fc.constantFrom(
      'both',
      'no-job',
      'no-content',
      'extra',
      'bad-json',
      'unterminated',
      'huge',
      'two-jobs',
      'two-contents',
    ),
  )
  .map(([job, csv, shape]) => {
    const part = (name: string, type: string, text: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ${type}\r\n\r\n${text}\r\n`
    const jobPart = part('job', 'application/json', shape === 'bad-json' ? '{"object":' : JSON.stringify(job))
    const content = shape === 'huge' ? `Name\n${'a\n'.repeat(60_000)}` : csv
    const contentPart = part('content', 'text/csv', content)
    const parts = [
      shape === 'no-job' ? '' : jobPart,
      shape === 'two-jobs'
        ? part('job', 'application/json', JSON.stringify({ ...job, operation: 'delete' }))
        : '',
      shape === 'no-content' ? '' : contentPart,
      shape === 'two-contents' ? contentPart : '',
      shape === 'extra' ? part('other', 'text/plain', 'x') : '',
    ]
    const body = parts.join('') + (shape === 'unterminated' ? '' : '--B--\r\n')
    return { body, headers: { 'content-type': 'multipart/form-data; boundary=B' } }
  })

export const queryJobBody = (soql: fc.Arbitrary<string>) =>
  fc.record(
    {
      operation: often(['query', 'queryAll'], ['QUERY', 'insert']),
      query: fc.oneof({ weight: 8, arbitrary: soql }, { weight: 1, arbitrary: wrongType }),
      columnDelimiter: often(['COMMA', 'TAB', 'PIPE'], ['x']),
      lineEnding: often(['LF', 'CRLF'], ['CR']),
      contentType: often(['CSV'], ['JSON']),
    },
    { requiredKeys: ['operation', 'query'] },
  )

export const jobStateBody = fc.record(
  {
    state: fc.oneof(
      fc.constantFrom(
        'UploadComplete',
        'Aborted',
        'JobComplete',
        'Open',
        'InProgress',
        'Failed',
        'uploadcomplete',
      ),
      wrongType,
    ),
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
)

/** `locator` and `maxRecords` of a results page: the job's own, another's, past the end, junk. */
export function resultsQuery(jobId: string): fc.Arbitrary<string> {
  const place = fc.oneof(fc.nat({ max: 12 }), fc.constantFrom(999_999_999, 1e12, -1))
  const locator = fc.oneof(
    place.map((at) => Buffer.from(`${jobId}:${at}`).toString('base64url')),
    place.map((at) => Buffer.from(`750Rm0000000099IAA:${at}`).toString('base64url')),
    fc.constantFrom('null', '', 'x', '%2F', 'a'.repeat(65), '====', jobId),
  )
  const maxRecords = fc.constantFrom('1', '2', '0', '-1', '1.5', '1e3', '999999999', '1000000000', 'x', '')
  const pair = fc.oneof(
    locator.map((value) => `locator=${encodeURIComponent(value)}`),
    maxRecords.map((value) => `maxRecords=${value}`),
    fc.constantFrom('nope=1', 'locator=a&locator=b'),
  )
  return fc.array(pair, { maxLength: 3 }).map((pairs) => pairs.join('&'))
}
