/**
 * Hostile bodies in the composite family's own shapes (README "Composite and sObject
 * Collections"): Composite, Batch and Graph subrequest lists with bad, self, forward and unknown
 * references, nested composites, too many subrequests or graphs, wrong types; sObject Tree records
 * with bad `attributes`, nested too deep or too many; sObject Collections with 201+ records and
 * bad ids. Each is mostly well-formed so it reaches past the first check.
 */
import fc from 'fast-check'

const V = '/services/data/v60.0'

/** Values of the wrong type for any key. */
const wrongType = fc.constantFrom<unknown>(null, 5, -1.5, true, 'x', [], {}, [1, 'a'], { a: { b: [] } })

/** A record's fields: plausible, wrong-typed, over-long, unknown or reference-valued. */
export const fields = fc.record(
  {
    Name: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('n'.repeat(300)), wrongType),
    Industry: fc.constantFrom<unknown>('Energy', 'Nope', 7, null),
    AnnualRevenue: fc.oneof(fc.double(), fc.constantFrom<unknown>('1e999', 'x', null)),
    External_Id__c: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('@{ref0.id}')),
    AccountId: fc.constantFrom<unknown>('@{ref0.id}', '@{nope.id}', '001000000000000AAA', 'x', 1),
    Nope__c: fc.string({ maxLength: 10 }),
    Id: fc.constantFrom<unknown>('@{ref1.id}', '001Rm0000000001IAA', ''),
  },
  { requiredKeys: [] },
)

/** Reference ids a subrequest may name: earlier ones, itself, later ones, unknown, malformed. */
const referenceId = fc.constantFrom<unknown>(
  'ref0',
  'ref1',
  'ref2',
  'ref0',
  'bad id',
  '1starts',
  '',
  'r'.repeat(90),
  null,
  7,
)
const reference = fc.constantFrom(
  '@{ref0.id}',
  '@{ref1.records[0].Id}',
  '@{ref0.records[99].Id}',
  '@{nope.id}',
  '@{ref2.BillingAddress.city}',
  '@{ref0',
  '@{}',
  '@{ref0.id}@{ref0.id}',
  '@{ref0.__proto__}',
)

/** Subrequest URLs: the endpoints a subrequest may call, with references, bad versions, nesting. */
const subrequestUrl = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `${V}/sobjects/Account`,
      `${V}/sobjects/Contact`,
      `${V}/sobjects/Account/describe`,
      `${V}/sobjects/Account/External_Id__c/FUZZ-1`,
      `${V}/query?q=SELECT+Id+FROM+Account+LIMIT+2`,
      `${V}/composite/sobjects`,
      `${V}/composite/sobjects/Account?ids=001Rm0000000001IAA&fields=Name`,
    ),
  },
  { weight: 3, arbitrary: reference.map((ref) => `${V}/sobjects/Account/${ref}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      `${V}/composite`,
      `${V}/composite/batch`,
      `${V}/composite/tree/Account`,
      '/services/data/v99.0/sobjects/Account',
      '/services/data/v20.0/sobjects/Account',
      'v60.0/sobjects/Account',
      '/services/apexrest/x',
      `${V}/jobs/ingest`,
      `${V}/query?q=@{ref0.id}`,
      `${V}/sobjects/../../v1/me`,
      '%zz',
      '',
      'x'.repeat(3000),
    ),
  },
  { weight: 1, arbitrary: wrongType },
)

const method = fc.constantFrom<unknown>('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'get', '', 3)
const httpHeaders = fc.constantFrom<unknown>(
  undefined,
  { 'If-Match': 'x' },
  { Accept: 'application/xml' },
  { Authorization: 'Bearer x' },
  { 'Content-Type': 'text/csv' },
  { 'Sforce-Auto-Assign': 'FALSE' },
  'x',
  [],
)
/** A body: fields, a reference standing for a whole value, deep nesting, wrong types. */
const subBody = fc.oneof(
  { weight: 4, arbitrary: fields },
  { weight: 1, arbitrary: reference },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 400 }).map(deep) },
  { weight: 1, arbitrary: wrongType },
)

function deep(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

/** One composite (or graph) subrequest, keys sometimes missing or extra. */
const subrequest = fc.record(
  {
    method,
    url: subrequestUrl,
    referenceId,
    body: subBody,
    httpHeaders,
    extra: fc.constantFrom<unknown>(undefined, 1),
  },
  { requiredKeys: ['method', 'url', 'referenceId'] },
)

/** Usually a few items, sometimes just over a limit (copies of one item, cheap to make). */
function list<T>(item: fc.Arbitrary<T>, limit: number): fc.Arbitrary<T[]> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(item, { maxLength: 6 }) },
    { weight: 1, arbitrary: item.map((one) => Array.from({ length: limit + 1 }, () => one)) },
    { weight: 1, arbitrary: fc.array(item, { minLength: limit - 1, maxLength: limit + 2 }) },
  )
}

export const compositeBody = fc.record(
  {
    allOrNone: fc.oneof(fc.boolean(), wrongType),
    collateSubrequests: fc.oneof(fc.boolean(), wrongType),
    compositeRequest: fc.oneof(
      { weight: 6, arbitrary: list(subrequest, 25) },
      { weight: 1, arbitrary: wrongType },
    ),
  },
  { requiredKeys: ['compositeRequest'] },
)

const batchUrl = fc.oneof(
  fc.constantFrom(
    'v60.0/sobjects/Account',
    'v60.0/sobjects/Account/001Rm0000000001IAA',
    'v60.0/query?q=SELECT+Id+FROM+Account',
    'v33.0/sobjects/Account',
    'v99.0/sobjects/Account',
    'v60.0/composite/batch',
    'v60.0/sobjects/Account/@{ref0.id}',
    '/services/data/v60.0/sobjects/Account',
    '',
  ),
  wrongType,
)
export const batchBody = fc.record(
  {
    haltOnError: fc.oneof(fc.boolean(), wrongType),
    batchRequests: list(
      fc.record(
        {
          method,
          url: batchUrl,
          richInput: subBody,
          binaryPartName: fc.constantFrom<unknown>(undefined, 'f'),
        },
        { requiredKeys: ['method', 'url'] },
      ),
      25,
    ),
  },
  { requiredKeys: ['batchRequests'] },
)

const graph = fc.record(
  {
    graphId: fc.constantFrom<unknown>('g1', 'g2', 'g1', '', null, 'g'.repeat(50)),
    compositeRequest: list(subrequest, 500),
  },
  { requiredKeys: ['graphId', 'compositeRequest'] },
)
export const graphBody = fc.record({ graphs: fc.oneof(list(graph, 75), wrongType) }, { requiredKeys: [] })

/** `attributes` of a tree record: right, missing a key, the wrong type, a duplicate reference. */
const attributes = fc.constantFrom<unknown>(
  { type: 'Account', referenceId: 'ref1' },
  { type: 'Account', referenceId: 'ref2' },
  { type: 'Contact', referenceId: 'ref3' },
  { type: 'Account' },
  { referenceId: 'ref4' },
  { type: 'Nope', referenceId: 'ref5' },
  { type: 'Account', referenceId: 'bad ref' },
  { type: 7, referenceId: ['x'] },
  { type: 'Account', referenceId: 'ref1', url: '/x' },
  null,
  'Account',
)
const treeRecord: fc.Arbitrary<unknown> = fc.letrec<{ record: unknown }>((tie) => ({
  record: fc.record(
    {
      attributes,
      Name: fc.oneof(fc.string({ maxLength: 20 }), wrongType),
      Nope__c: fc.string({ maxLength: 5 }),
      Contacts: fc.oneof(
        { depthSize: 'small' },
        fc.record({ records: fc.array(tie('record'), { maxLength: 3 }) }),
        wrongType,
      ),
      Opportunities: fc.constantFrom<unknown>({ records: [] }, { records: 'x' }, []),
    },
    { requiredKeys: ['attributes'] },
  ),
})).record

/** Records nested `depth` levels through `Contacts` (the tree allows 5). */
function nestedTree(depth: number): unknown {
  let record: Record<string, unknown> = {
    attributes: { type: 'Contact', referenceId: `c${depth}` },
    LastName: 'x',
  }
  for (let level = depth - 1; level > 0; level--) {
    record = {
      attributes: { type: 'Account', referenceId: `a${level}` },
      Name: 'x',
      Contacts: { records: [record] },
    }
  }
  return record
}

export const treeBody = fc.record(
  {
    records: fc.oneof(
      { weight: 5, arbitrary: list(treeRecord, 200) },
      { weight: 1, arbitrary: fc.integer({ min: 4, max: 40 }).map((depth) => [nestedTree(depth)]) },
      { weight: 1, arbitrary: wrongType },
    ),
  },
  { requiredKeys: [] },
)

/** Ids: real-looking, malformed, another object's, a reference, wrong types. */
export const recordId = fc.constantFrom<unknown>(
  '001Rm0000000001IAA',
  '001Rm0000000001',
  '003Rm0000000001IAA',
  '001Rm0000000001XYZ',
  '001',
  '',
  '@{ref0.id}',
  null,
  5,
)

const collectionRecord = fc.record(
  {
    attributes: fc.constantFrom<unknown>(
      { type: 'Account' },
      { type: 'Contact' },
      { type: 'Nope' },
      {},
      null,
    ),
    id: recordId,
    Id: recordId,
    Name: fc.oneof(fc.string({ maxLength: 20 }), wrongType),
    External_Id__c: fc.constantFrom('FUZZ-1', 'FUZZ-2', '', 'x'.repeat(300)),
    LastName: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['attributes'] },
)
export const collectionsBody = fc.record(
  {
    allOrNone: fc.oneof(fc.boolean(), wrongType),
    records: fc.oneof(
      { weight: 6, arbitrary: list(collectionRecord, 200) },
      { weight: 1, arbitrary: wrongType },
    ),
    ids: fc.oneof(
      fc.array(recordId, { maxLength: 5 }),
      recordId.map((id) => Array.from({ length: 2001 }, () => id)),
    ),
    fields: fc.oneof(fc.array(fc.constantFrom('Id', 'Name', 'Nope__c', ''), { maxLength: 3 }), wrongType),
  },
  { requiredKeys: [] },
)

/** `ids=` of a collections delete or retrieve: a few, 201+, malformed, empty. */
export const idsParameter = fc.oneof(
  fc.array(recordId, { maxLength: 5 }).map((ids) => ids.map(String).join(',')),
  fc.constant(Array.from({ length: 201 }, (_, i) => `001Rm${String(i).padStart(10, '0')}`).join(',')),
  fc.constantFrom('', ',', ',,,', '001Rm0000000001IAA,001Rm0000000001IAA', '%zz'),
)
