import { expect, it } from 'vitest'
import { namespaceTokens } from './namespace-tokens.js'

const TEXT =
  '%%%NAMESPACE%%%A__c %%%NAMESPACE_DOT%%%Cls %%%NAMESPACE_OR_C%%%:cmp %%%NAMESPACED_ORG%%%B__c %%%NAMESPACED_ORG_OR_C%%%:x %%%OTHER%%%'

it('resolves every content token to nothing (or c) without a namespace, as an unmanaged deploy', () => {
  const tokens = namespaceTokens()
  expect(tokens.inText(TEXT)).toBe('A__c Cls c:cmp B__c c:x %%%OTHER%%%')
  expect(tokens.inName('___NAMESPACE___Shelf__c')).toBe('Shelf__c')
  expect(tokens.inName('___NAMESPACED_ORG___Shelf__c')).toBe('Shelf__c')
  // a token is text CumulusCI replaces in contents only; names keep %%% and contents keep ___
  expect(tokens.inText('___NAMESPACE___X')).toBe('___NAMESPACE___X')
})

it('resolves them to the namespace given, as a managed deploy to a namespaced org', () => {
  const tokens = namespaceTokens('acme')
  expect(tokens.inText(TEXT)).toBe('acme__A__c acme.Cls acme:cmp acme__B__c acme:x %%%OTHER%%%')
  expect(tokens.inName('___NAMESPACE___Shelf__c')).toBe('acme__Shelf__c')
})

it.each([
  [undefined, 'acme__Shelf__c', true],
  ['acme', 'acme__Shelf__c', false],
  ['acme', 'ACME__Shelf__c', false],
  ['acme', 'other__Shelf__c', true],
  ['acme', 'Shelf__c', false],
  ['acme', 'Loc__Latitude__s', false],
])('with namespace %s, %s is foreign: %s', (namespace, name, foreign) => {
  expect(namespaceTokens(namespace).isForeign(name)).toBe(foreign)
})

it.each(['', '1abc', 'a__b', 'abc_', 'abcdefghijklmnop', 'a-b'])('refuses namespace "%s"', (namespace) => {
  expect(() => namespaceTokens(namespace)).toThrow(/not a namespace prefix/)
})
