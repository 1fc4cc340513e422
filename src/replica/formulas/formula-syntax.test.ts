import { parse } from 'formulon'
import { expect, it } from 'vitest'
import {
  CHANGED_PREFIX,
  IS_NEW,
  identifiersOf,
  NUMBER_PATTERN,
  PRIOR_PREFIX,
  parseFormula,
  printFormula,
  rewriteWriteFunctions,
} from './formula-syntax.js'

function tree(text: string) {
  const parsed = parseFormula(text)
  if ('error' in parsed) throw new Error(parsed.error)
  return parsed.tree
}

it.for([
  '1 + 2 * 3 - 4 / 2',
  '(1 + 2) * 3',
  '2 ^ 3 ^ 2',
  '10 - -1',
  '"a" & "b" & \'c"d\'',
  '1 = 1 && 2 == 2 && 1 != 2 && 1 <> 2',
  '1 < 2 || 2 <= 1 || 3 > 4 || 4 >= 4',
  '!FALSE && NOT(FALSE)',
  'IF(1 > 2, "yes", "no")',
  'CASE(2, 1, "one", 2, "two", "other")',
  'NULL',
  'ROUND(2.555, 2) + FLOOR(-1.5)',
])('prints %s back to text that evaluates the same', (text) => {
  const expected = parse(text)
  expect(expected.type).toBe('literal')
  expect(parse(printFormula(tree(text)))).toEqual(expected)
})

it('rewrites ISNEW, ISCHANGED and PRIORVALUE into identifiers the replica fills in', () => {
  const rewritten = rewriteWriteFunctions(tree('ISNEW() || ISCHANGED(Name) || PRIORVALUE(Amount) > 1'))
  expect(identifiersOf(rewritten)).toEqual([IS_NEW, `${CHANGED_PREFIX}Name`, `${PRIOR_PREFIX}Amount`])
  expect(printFormula(rewritten)).toBe(
    `OR(OR(${IS_NEW}, ${CHANGED_PREFIX}Name), (${PRIOR_PREFIX}Amount > 1))`,
  )
})

it('errors on ISCHANGED of a parent path or of an expression', () => {
  expect(() => rewriteWriteFunctions(tree('ISCHANGED(Account.Name)'))).toThrow(
    'ISCHANGED() takes one field of the record itself',
  )
  expect(() => rewriteWriteFunctions(tree('PRIORVALUE(1 + 1)'))).toThrow('PRIORVALUE() takes one field')
  expect(() => rewriteWriteFunctions(tree('ISNEW(Name)'))).toThrow('ISNEW() takes no argument')
})

it('lists each identifier once, parent paths and globals as written', () => {
  expect(identifiersOf(tree('Account.Owner.Name & Name & Account.Owner.Name & $User.Id'))).toEqual([
    'Account.Owner.Name',
    'Name',
    '$User.Id',
  ])
})

it('answers the reason for a formula formulon cannot parse', () => {
  expect(parseFormula('IF(')).toEqual({ error: 'SyntaxError: Syntax error.' })
  expect(parseFormula('   ')).toEqual({ error: 'the formula is empty' })
})

it('rewrites ISNUMBER(text) into REGEX on the number pattern, and leaves a wrong argument count to formulon', () => {
  expect(printFormula(rewriteWriteFunctions(tree('ISNUMBER(Code__c)')))).toBe(
    `REGEX(Code__c, "${NUMBER_PATTERN}")`,
  )
  expect(printFormula(rewriteWriteFunctions(tree('ISNUMBER("1", "2")')))).toBe('ISNUMBER("1", "2")')
})

it.for([
  ['123', true],
  ['-12.5', true],
  ['+0.5', true],
  ['.5', true],
  ['123.', true],
  ['2E2', true],
  ['1.5e-3', true],
  ['', false],
  [' 1', false],
  ['1 000', false],
  ['123,12', false],
  ['12a', false],
  ['1.2.3', false],
  ['E2', false],
  ['-', false],
] as const)('ISNUMBER("%s") is %s', ([text, expected]) => {
  const quoted = `"${text}"`
  expect(parse(printFormula(rewriteWriteFunctions(tree(`ISNUMBER(${quoted})`))))).toMatchObject({
    dataType: 'checkbox',
    value: expected,
  })
})
