/**
 * Hostile bodies in the composite family's own shapes (docs/crm-replica.md, "Composite and sObject
 * Collections"): Composite, Batch and Graph subrequest lists with bad, self, forward and unknown
 * references, nested composites, too many subrequests or graphs, wrong types; sObject Tree records
 * with bad `attributes`, nested too deep or too many; sObject Collections with 201+ records and
 * bad ids. Each is mostly well-formed so it reaches past the first check.
 */
import fc from 'fast-check'

const V = '/services/data/v60.0'

/** Mostly `valid`, now and then `junk`: one twist in a request reaches further than many. */
function often<T>(valid: fc.Arbitrary<T>, junk: fc.Arbitrary<unknown>): fc.Arbitrary<T | unknown> {
  return fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: junk })
}

/** Undefined (the key left out) but one time in `odds`, when it is `value`. */
function rarely<T>(value: fc.Arbitrary<T>, odds: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: odds - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })
}

/** Values of the wrong type for any key. */
const wrongType = fc.constantFrom<unknown>(null, 5, -1.5, true, 'x', [], {}, [1, 'a'], { a: { b: [] } })

/** A record's fields: plausible, wrong-typed, over-long, unknown or reference-valued. */
export const fields = fc.record(
  {
    Name: often(
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.oneof(fc.constant('n'.repeat(300)), wrongType),
    ),
    Industry: often(fc.constantFrom('Energy', 'Banking'), fc.constantFrom('Nope', 7, null)),
    AnnualRevenue: often(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom('1e999', 'x', null),
    ),
    External_Id__c: often(fc.string({ maxLength: 30 }), fc.constant('@{ref0.id}')),
    LastName: fc.string({ minLength: 1, maxLength: 10 }),
    AccountId: fc.constantFrom<unknown>(
      '@{ref0.id}',
      '@{ref0.id}',
      '@{nope.id}',
      '001000000000000AAA',
      'x',
      1,
    ),
    Nope__c: fc.string({ maxLength: 10 }),
    Id: fc.constantFrom<unknown>('@{ref1.id}', '001Rm0000000001IAA', ''),
  },
  { requiredKeys: ['Name'] },
)

/** Reference ids a subrequest may name: earlier ones, itself, later ones, unknown, malformed. */
const oddReferenceId = fc.constantFrom<unknown>(
  'ref0',
  'ref2',
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

/**
 * 3 MB of references expanding to ~5.4 MB, past the bound of one subrequest (4 MiB), in a body or
 * a URL. Only ever in a two-item list (`expanding`): as one item of the long lists, copied into
 * every item and every graph, a body would outgrow the V8 string limit before it is sent.
 */
const OVER_EXPANSION = '@{ref0.id}'.repeat(300_000)
const expanding = fc
  .constantFrom(
    { method: 'PATCH', url: `${V}/sobjects/Account/@{ref0.id}`, body: { Description: OVER_EXPANSION } },
    { method: 'GET', url: `${V}/sobjects/Account/${OVER_EXPANSION}` },
  )
  .map((second) => [
    { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'ref0', body: { Name: 'Expands' } },
    { ...second, referenceId: 'ref1' },
  ])

/** Subrequest URLs: the endpoints a subrequest may call, with references, bad versions, nesting. */
const subrequestUrl = fc.oneof(
  {
    weight: 12,
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
  { weight: 4, arbitrary: reference.map((ref) => `${V}/sobjects/Account/${ref}`) },
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

const method = often(
  fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
  fc.constantFrom('PUT', 'HEAD', 'get', '', 3),
)
const httpHeaders = fc.constantFrom<unknown>(
  undefined,
  undefined,
  undefined,
  undefined,
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
  { weight: 12, arbitrary: fields },
  { weight: 1, arbitrary: reference },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 70 }).map(deep) },
  { weight: 1, arbitrary: wrongType },
)

function deep(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

/**
 * One composite (or graph) subrequest; its referenceId is `ref{index}` (set by `list`) unless it
 * brings an odd one (a duplicate, a forward one, malformed, the wrong type). Keys now and then
 * missing or extra.
 */
const subrequest = fc.record(
  {
    method,
    url: subrequestUrl,
    referenceId: rarely(oddReferenceId, 15),
    body: subBody,
    httpHeaders,
    extra: rarely(fc.constant(1), 30),
  },
  { requiredKeys: ['method', 'url', 'referenceId', 'extra'] },
)

type Item = Record<string, unknown>

/** Usually a few items, sometimes just over a limit; each named `ref{index}` unless it has a name. */
function list<T extends Item>(
  item: fc.Arbitrary<T>,
  limit: number,
  key: string | null = 'referenceId',
): fc.Arbitrary<T[]> {
  const items = fc.oneof(
    { weight: 8, arbitrary: fc.array(item, { minLength: 1, maxLength: 6 }) },
    { weight: 1, arbitrary: item.map((one) => Array.from({ length: limit + 1 }, () => one)) },
    { weight: 1, arbitrary: fc.array(item, { minLength: limit - 1, maxLength: limit + 2 }) },
  )
  if (key === null) return items
  return items.map((all) =>
    all.map((one, index) => (one[key] === undefined ? { ...one, [key]: `ref${index}` } : one)),
  )
}

export const compositeBody = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record(
      {
        allOrNone: often(fc.boolean(), wrongType),
        collateSubrequests: often(fc.boolean(), wrongType),
        compositeRequest: often(list(subrequest, 25), wrongType),
      },
      { requiredKeys: ['compositeRequest'] },
    ),
  },
  { weight: 1, arbitrary: expanding.map((compositeRequest) => ({ compositeRequest })) },
)

const batchUrl = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      'v60.0/sobjects/Account',
      'v60.0/sobjects/Account/001Rm0000000001IAA',
      'v60.0/query?q=SELECT+Id+FROM+Account',
      'v60.0/sobjects/Account/External_Id__c/FUZZ-1',
    ),
  },
  fc.constantFrom(
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
    haltOnError: often(fc.boolean(), wrongType),
    batchRequests: often(
      list(
        fc.record(
          {
            method,
            url: batchUrl,
            richInput: subBody,
            binaryPartName: rarely(fc.constant('f'), 20),
          },
          { requiredKeys: ['method', 'url', 'binaryPartName'] },
        ),
        25,
        null,
      ),
      wrongType,
    ),
  },
  { requiredKeys: ['batchRequests'] },
)

/** Graph nodes call sObject rows only: mostly a create, and reads or updates of earlier nodes. */
const graphNode = fc.record(
  {
    method: often(fc.constantFrom('POST', 'POST', 'PATCH', 'GET'), method),
    url: often(
      fc.constantFrom(`${V}/sobjects/Account`, `${V}/sobjects/Contact`, `${V}/sobjects/Account/@{ref0.id}`),
      subrequestUrl,
    ),
    referenceId: rarely(oddReferenceId, 15),
    body: subBody,
  },
  { requiredKeys: ['method', 'url', 'referenceId'] },
)
const graph = fc.record(
  {
    graphId: fc.oneof(fc.constantFrom('g1', 'g2', 'g3'), fc.constantFrom<unknown>('', null, 'g'.repeat(50))),
    compositeRequest: often(list(graphNode, 500), wrongType),
  },
  { requiredKeys: ['graphId', 'compositeRequest'] },
)
export const graphBody = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record({ graphs: often(list(graph, 75, null), wrongType) }, { requiredKeys: ['graphs'] }),
  },
  {
    weight: 1,
    arbitrary: expanding.map((compositeRequest) => ({ graphs: [{ graphId: 'g1', compositeRequest }] })),
  },
)

/** Odd `attributes` of a tree record: missing a key, the wrong type, a duplicate reference, extra keys. */
const oddAttributes = fc.constantFrom<unknown>(
  { type: 'Account' },
  { referenceId: 'ref4' },
  { type: 'Nope', referenceId: 'ref5' },
  { type: 'Account', referenceId: 'bad ref' },
  { type: 'Account', referenceId: 'dup' },
  { type: 7, referenceId: ['x'] },
  { type: 'Account', referenceId: 'ref9', url: '/x' },
  null,
  'Account',
)
type TreeRecord = { attributes?: unknown; Contacts?: unknown; [field: string]: unknown }
const treeRecord: fc.Arbitrary<TreeRecord> = fc.letrec<{ record: TreeRecord }>((tie) => ({
  record: fc.record(
    {
      attributes: rarely(oddAttributes, 12),
      Name: often(fc.string({ minLength: 1, maxLength: 20 }), wrongType),
      LastName: fc.string({ minLength: 1, maxLength: 10 }),
      Nope__c: fc.string({ maxLength: 5 }),
      Contacts: fc.oneof(
        { depthSize: 'small', maxDepth: 6 },
        fc.constant(undefined),
        fc.record({ records: fc.array(tie('record'), { minLength: 1, maxLength: 3 }) }),
        wrongType,
      ),
      Opportunities: fc.constantFrom<unknown>(
        undefined,
        undefined,
        undefined,
        { records: [] },
        { records: 'x' },
        [],
      ),
    },
    { requiredKeys: ['attributes', 'Name'] },
  ),
})).record

/**
 * Gives every record without odd attributes its type (Account at the root, Contact under
 * `Contacts`) and a unique referenceId, so the tree's own checks run past `attributes`.
 */
function typed(records: TreeRecord[], type = 'Account', counter = { next: 0 }): TreeRecord[] {
  return records.map((record) => {
    const children = record.Contacts as { records?: unknown } | undefined
    const out: TreeRecord = {
      ...record,
      attributes: record.attributes ?? { type, referenceId: `ref${counter.next++}` },
    }
    if (type === 'Contact') delete out.Name
    else delete out.LastName
    if (Array.isArray(children?.records)) {
      out.Contacts = { records: typed(children.records as TreeRecord[], 'Contact', counter) }
    }
    return out
  })
}

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
      { weight: 8, arbitrary: list(treeRecord, 200, null).map((records) => typed(records)) },
      { weight: 1, arbitrary: fc.integer({ min: 4, max: 40 }).map((depth) => [nestedTree(depth)]) },
      { weight: 1, arbitrary: wrongType },
    ),
  },
  { requiredKeys: ['records'] },
)

/** Ids: real-looking, malformed, another object's, a reference, wrong types. */
export const recordId = fc.constantFrom<unknown>(
  '001Rm0000000001IAA',
  '001Rm0000000002IAA',
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
    attributes: often(
      fc.constantFrom({ type: 'Account' }, { type: 'Contact' }),
      fc.constantFrom({ type: 'Nope' }, {}, null),
    ),
    id: fc.option(recordId, { nil: undefined }),
    Name: often(fc.string({ minLength: 1, maxLength: 20 }), wrongType),
    External_Id__c: fc.constantFrom('FUZZ-1', 'FUZZ-2', 'FUZZ-2', '', 'x'.repeat(300)),
    LastName: fc.string({ minLength: 1, maxLength: 5 }),
  },
  { requiredKeys: ['attributes', 'Name'] },
)
export const collectionsBody = fc.record(
  {
    allOrNone: often(fc.boolean(), wrongType),
    records: often(list(collectionRecord, 200, null), wrongType),
    ids: fc.oneof(
      fc.array(recordId, { maxLength: 5 }),
      recordId.map((id) => Array.from({ length: 2001 }, () => id)),
    ),
    fields: often(fc.array(fc.constantFrom('Id', 'Name', 'Nope__c', ''), { maxLength: 3 }), wrongType),
  },
  { requiredKeys: [] },
)

/** `ids=` of a collections delete or retrieve: a few, 201+, malformed, empty. */
export const idsParameter = fc.oneof(
  fc.array(recordId, { maxLength: 5 }).map((ids) => ids.map(String).join(',')),
  fc.constant(Array.from({ length: 201 }, (_, i) => `001Rm${String(i).padStart(10, '0')}`).join(',')),
  fc.constantFrom('', ',', ',,,', '001Rm0000000001IAA,001Rm0000000001IAA', '%zz'),
)
