import { expect, it } from 'vitest'
import {
  ReferenceBudget,
  referencesIn,
  referencesInText,
  resolveText,
  resolveValue,
  valueAt,
} from './references.js'

const responses: Record<string, unknown> = {
  acc: { id: '001Rm0000000004IAA', success: true, errors: [] },
  q: { totalSize: 2, done: true, records: [{ Id: '003Rm0000000009IAA', Amount: 12.5 }, { Id: '003x' }] },
  read: { Name: 'Acme', BillingAddress: { city: 'Lyon' }, IsDeleted: false, Phone: null },
}
const roomy = () => new ReferenceBudget(10_000)
const lookup = (reference: { referenceId: string; path: ReadonlyArray<string | number> }) =>
  valueAt(responses[reference.referenceId], reference.path)

it('finds references with dotted and indexed paths in text and in nested JSON values', () => {
  expect(referencesInText('/sobjects/Contact/@{q.records[0].Id}?x=@{acc.id}', roomy())).toEqual([
    { expression: 'q.records[0].Id', referenceId: 'q', path: ['records', 0, 'Id'] },
    { expression: 'acc.id', referenceId: 'acc', path: ['id'] },
  ])
  expect(
    referencesIn(
      { a: ['@{read.BillingAddress.city}', 3], b: { c: 'plain', '@{key.ignored}': null } },
      roomy(),
    ),
  ).toEqual([
    { expression: 'read.BillingAddress.city', referenceId: 'read', path: ['BillingAddress', 'city'] },
  ])
  expect(referencesInText('no references', roomy())).toEqual([])
})

it('errors on a placeholder that is not referenceId.path', () => {
  for (const bad of ['@{acc}', '@{_x.id}', '@{acc..id}', '@{acc.id[x]}', '@{}']) {
    expect(() => referencesInText(bad, roomy()), bad).toThrow(/Failed to read the reference/)
  }
})

it('resolves a whole-string reference to the value with its JSON type, an embedded one as text', () => {
  expect(resolveText('@{q.totalSize}', lookup)).toBe(2)
  expect(resolveText('@{read.IsDeleted}', lookup)).toBe(false)
  expect(resolveText('@{q.records[0].Amount}', lookup)).toBe(12.5)
  expect(resolveText('Total: @{q.totalSize} for @{read.Name}', lookup)).toBe('Total: 2 for Acme')
  expect(
    resolveValue({ AccountId: '@{acc.id}', list: ['@{read.BillingAddress.city}'], n: 1 }, lookup),
  ).toEqual({
    AccountId: '001Rm0000000004IAA',
    list: ['Lyon'],
    n: 1,
  })
})

it('errors with PROCESSING_HALTED when the value is missing, null, an object or out of range (paths are case-sensitive)', () => {
  for (const missing of [
    '@{acc.Id}',
    '@{read.Phone}',
    '@{read.BillingAddress}',
    '@{q.records[5].Id}',
    '@{nobody.id}',
  ]) {
    expect(() => resolveText(missing, lookup), missing).toThrow(
      expect.objectContaining({
        code: 'PROCESSING_HALTED',
        message: expect.stringContaining('Invalid reference specified'),
      }),
    )
  }
})

it('takes references up to the budget, over several strings, and refuses the one past it', () => {
  const budget = new ReferenceBudget(5)
  const found = referencesIn({ a: '@{r.id}@{r.id}', b: ['@{r.id}', '@{r.id}@{r.id}'] }, budget)
  expect(found).toHaveLength(5)
  expect(() => referencesInText('@{r.id}', budget)).toThrow(
    expect.objectContaining({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringContaining('more than 5 references'),
    }),
  )
})

it('stops a string of 300,000 references at the budget instead of parsing them all', () => {
  const budget = new ReferenceBudget(10_000)
  const seen: unknown[] = []
  expect(() => referencesIn({ Description: '@{ref0.id}'.repeat(300_000) }, budget, seen as never)).toThrow(
    /more than 10000 references/,
  )
  expect(seen).toHaveLength(10_000)
})

it('keeps a __proto__ key of a body as a key when resolving', () => {
  const resolved = resolveValue(JSON.parse('{"__proto__":{"Name":"@{ref0.id}"}}'), () => 'x') as object
  expect(Object.hasOwn(resolved, '__proto__')).toBe(true)
  expect(JSON.stringify(resolved)).toBe('{"__proto__":{"Name":"x"}}')
})
