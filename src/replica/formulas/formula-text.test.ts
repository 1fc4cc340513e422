import { expect, it } from 'vitest'
import { preparseFormula } from './formula-text.js'

it.for([
  ['/* lead */ 1 + /* mid */ 2', '  1 +   2'],
  ['a/**/b', 'a b'],
  ['"/* kept */" & \'/* kept too */\'', '"/* kept */" & \'/* kept too */\''],
  ['"it\'s" /* "not a string" */ & x', '"it\'s"   & x'],
  ['IF(a, /* multi\nline */ 1, 2)', 'IF(a,   1, 2)'],
] as const)('removes the comments of %j outside strings only', ([text, expected]) => {
  expect(preparseFormula(text)).toEqual({ text: expected })
})

it('writes the polymorphic Owner:User.Name as one identifier, outside strings only', () => {
  expect(preparseFormula('Owner:User.Name & "a:b" & Account.Owner:User.Email')).toEqual({
    text: 'Owner$User.Name & "a:b" & Account.Owner$User.Email',
  })
})

it('answers the reason for a comment never closed, and leaves an unterminated string to the parser', () => {
  expect(preparseFormula('1 /* open')).toEqual({ error: 'a /* comment is never closed' })
  expect(preparseFormula('"open /* x')).toEqual({ text: '"open /* x' })
})
