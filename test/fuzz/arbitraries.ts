/**
 * Generators of hostile and careless input for the fuzz suite: path segments and query values in
 * odd encodings, JSON bodies (valid, random, mutated, nested deep, with prototype keys), headers,
 * and SOQL text built from the grammar's pieces and then mutated.
 */
import fc from 'fast-check'

/** A path segment: a real id, an id-looking string, or junk (odd encodings, dots, unicode). */
export function segment(real: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    ...(real.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...real) }] : []),
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%00',
        '%zz',
        '..',
        '%2e%2e',
        '%2F',
        '%E2%82',
        '\u00e9',
        '~',
        ' ',
        'a%20b',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(3000)) },
  )
}

/** Mostly one of `real` (so a request reaches past "not found"), sometimes any segment. */
export function mostly(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: segment(real) })
}

/** A query string (without `?`) from known parameter names and junk, repeated or not. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...names, 'limit', 'cursor'), fc.stringMatching(/^[a-z_]{1,12}$/))
  const value = fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '-1',
      '1',
      '100',
      '101',
      '1e3',
      'true',
      'false',
      'x,y',
      'a=b',
      '%',
      '%00',
      'running',
    ),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constant('y'.repeat(2100)),
  )
  return fc
    .array(fc.tuple(name, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([key, item]) => `${key}=${item}`).join('&'))
}

/** Text nested `depth` levels deep (arrays or objects), as a body would carry it. */
export function nestedText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

/** JSON-ish body text: a plausible body, random JSON, a mutation of either, deep nesting, junk. */
export function bodyText(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  const text = fc.oneof(
    { weight: 5, arbitrary: plausible.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 2, arbitrary: plausible.chain((value) => mutate(JSON.stringify(value) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 20, max: 30_000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([depth, kind]) => nestedText(depth, kind)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"polluted":true},"labels":{"__proto__":"x"}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '',
        'null',
        '[]',
        '"\\ud800"',
        '{"a":1e999}',
        '\u0000',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  )
  return fc.option(text, { freq: 8 }).map((value) => value ?? undefined)
}

/** A few random edits of `text`: delete, duplicate or replace a slice with a tricky character. */
function mutate(text: string): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.nat({ max: Math.max(0, text.length) }),
    fc.nat({ max: 8 }),
    fc.constantFrom('', '"', '{', '[', ',', ':', '\\', '}', ']', 'null', '-0', '\u2028', '%'),
  )
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => {
    let out = text
    for (const [at, length, insert] of edits) out = out.slice(0, at) + insert + out.slice(at + length)
    return out
  })
}

/** Request headers: content types, idempotency keys, odd values. */
export function headers(
  extra: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
        '',
      ),
      'idempotency-key': fc.oneof(
        fc.stringMatching(/^[A-Za-z0-9._:-]{1,140}$/),
        fc.constant('k'.repeat(129)),
      ),
      'x-replica-actor': fc.constantFrom('admin', 'integration', 'readonly', 'nobody', ''),
      'sforce-query-options': fc.constantFrom('batchSize=200', 'batchSize=1', 'batchSize=x', 'other=1', ''),
      accept: fc.constantFrom('application/json', 'application/xml', '*/*', 'text/csv'),
      ...extra,
    },
    { requiredKeys: [] },
  )
}

const OBJECTS = [
  'Account',
  'Contact',
  'Opportunity',
  'Lead',
  'Case',
  'Task',
  'User',
  'Invoice__c',
  'Nope',
  'account',
]
const FIELDS = [
  'Id',
  'Name',
  'Industry',
  'AnnualRevenue',
  'Account.Name',
  'Owner.Name',
  'CreatedDate',
  'Email',
  'Nope__c',
  'FIELDS(ALL)',
]
const LITERALS = [
  "'a'",
  "'%a%a%a%b'",
  "'_%_'",
  '1',
  '-1.5',
  'null',
  'true',
  'TODAY',
  'LAST_N_DAYS:3',
  '2026-01-01',
  "'\\''",
  ':x',
]

/** SOQL text: pieces of the grammar put together (often wrongly), sometimes nested deep or mutated. */
export function soql(): fc.Arbitrary<string> {
  const field = fc.constantFrom(...FIELDS)
  const condition: fc.Arbitrary<string> = fc.letrec<{ cond: string }>((tie) => ({
    cond: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .tuple(
          field,
          fc.constantFrom('=', '!=', '<', '>=', 'LIKE', 'IN', 'NOT IN', 'INCLUDES'),
          fc.constantFrom(...LITERALS),
        )
        .map(([f, op, value]) =>
          op.includes('IN') || op === 'INCLUDES' ? `${f} ${op} (${value}, ${value})` : `${f} ${op} ${value}`,
        ),
      fc
        .tuple(tie('cond'), fc.constantFrom('AND', 'OR'), tie('cond'))
        .map(([a, op, b]) => `(${a}) ${op} (${b})`),
      tie('cond').map((inner) => `NOT (${inner})`),
      fc.constant("Id IN (SELECT AccountId FROM Contact WHERE Name LIKE '%a%')"),
    ),
  })).cond
  const query = fc
    .tuple(
      fc.array(field, { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...OBJECTS),
      fc.option(condition),
      fc.option(
        fc.constantFrom(
          'ORDER BY Name',
          'ORDER BY Name DESC NULLS LAST, Id',
          'GROUP BY Industry',
          'ORDER BY Nope',
        ),
      ),
      fc.option(fc.constantFrom('LIMIT 5', 'LIMIT 0', 'LIMIT 200 OFFSET 3', 'LIMIT -1', 'OFFSET 2001')),
    )
    .map(([fields, object, where, order, limit]) =>
      [`SELECT ${fields.join(', ')} FROM ${object}`, where ? `WHERE ${where}` : '', order ?? '', limit ?? '']
        .filter(Boolean)
        .join(' '),
    )
  return fc.oneof(
    { weight: 6, arbitrary: query },
    { weight: 2, arbitrary: query.chain(mutate) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 50, max: 3000 })
        .map((depth) => `SELECT Id FROM Account WHERE ${'('.repeat(depth)}Name = 'a'${')'.repeat(depth)}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
  )
}
