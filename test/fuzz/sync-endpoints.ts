/**
 * The fuzz entries of what sync and UI integrations call: Get Updated / Get Deleted, the record
 * count, recently viewed, list views, and files (a version's create as JSON or multipart, a blob
 * GET).
 */
import fc from 'fast-check'
import { queryString, segment } from './arbitraries.js'
import type { Payload } from './csv-arbitraries.js'
import { type Endpoint, V } from './endpoint.js'

const dateTime = fc.oneof(
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => encodeURIComponent(date.toISOString())),
  fc.constantFrom('', 'yesterday', '2026-13-45T99:99:99Z', '2026-03-10T12:00:00+00:00', '%2B00%3A00'),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
)

const versionFields = fc.record(
  {
    PathOnClient: fc.string({ maxLength: 600 }),
    Title: fc.string({ maxLength: 300 }),
    VersionData: fc.oneof(fc.base64String({ maxLength: 200 }), fc.string({ maxLength: 50 }), fc.integer()),
    ContentDocumentId: fc.constantFrom('069Rm0000000001IAA', 'nope'),
    FirstPublishLocationId: fc.constantFrom('001Rm0000000001IAA', '005Rm0000000001IAA', 'x'),
  },
  { requiredKeys: [] },
)

/** A multipart version create: the JSON part, maybe a binary part under a plausible or junk name. */
const multipartVersion: fc.Arbitrary<Payload> = fc
  .tuple(
    versionFields,
    fc.constantFrom('VersionData', 'Body', 'versiondata', 'x'),
    fc.uint8Array({ maxLength: 300 }),
    fc.boolean(),
  )
  .map(([fields, name, bytes, withFile]) => {
    const boundary = 'fuzzboundary'
    const json = `--${boundary}\r\nContent-Disposition: form-data; name="entity_content"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(fields)}\r\n`
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`
    const parts = [
      Buffer.from(json),
      ...(withFile ? [Buffer.from(file), Buffer.from(bytes), Buffer.from('\r\n')] : []),
    ]
    const body = new Uint8Array(Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]))
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  })

export const SYNC_ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'updated / deleted',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () =>
      fc
        .tuple(segment(['Account', 'Contact', 'Nope__c']), fc.constantFrom('updated', 'deleted', 'Updated'))
        .map(([object, which]) => `${V}/sobjects/${object}/${which}`),
    queryText: () =>
      fc
        .tuple(dateTime, dateTime, queryString(['start', 'end']))
        .map(([start, end, rest]) => `start=${start}&end=${end}${rest ? `&${rest}` : ''}`),
  },
  {
    name: 'record count',
    surface: 'native',
    methods: ['GET'],
    path: () => fc.constant(`${V}/limits/recordCount`),
    query: ['sObjects'],
  },
  {
    name: 'recent',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () => fc.constant(`${V}/recent`),
    query: ['limit'],
  },
  {
    name: 'list views',
    surface: 'native',
    methods: ['GET', 'PATCH'],
    path: () =>
      fc
        .tuple(
          segment(['Account', 'Task', 'Invoice__c']),
          fc.oneof(
            fc.constant(''),
            segment(['recent', '00BRm0000000001']).map((id) => `/${id}`),
          ),
          fc.constantFrom('', '/describe', '/results', '/nope'),
        )
        .map(([object, id, part]) => `${V}/sobjects/${object}/listviews${id}${id ? part : ''}`),
    query: ['limit', 'offset'],
  },
  {
    name: 'files',
    surface: 'native',
    methods: ['POST', 'PATCH'],
    path: () =>
      segment(['ContentVersion', 'Attachment', 'Document']).map((object) => `${V}/sobjects/${object}`),
    body: versionFields,
    payload: multipartVersion,
  },
  {
    name: 'blob',
    surface: 'native',
    methods: ['GET'],
    path: () =>
      fc
        .tuple(
          segment(['ContentVersion', 'Attachment', 'Document']),
          segment(['068Rm0000000001IAA', '00PRm0000000001IAA']),
          segment(['VersionData', 'Body', 'Name']),
        )
        .map(([object, id, field]) => `${V}/sobjects/${object}/${id}/${field}`),
  },
]
