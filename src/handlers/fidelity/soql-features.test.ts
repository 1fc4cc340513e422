import { describe, expect, it } from 'vitest'
import { soqlFeatures, UNPARSABLE } from './soql-features.js'

describe('soqlFeatures', () => {
  it.each([
    ['SELECT Id FROM Account', []],
    [
      "SELECT Id FROM Account WHERE Name = 'A' AND Industry != null",
      ['WHERE', 'AND', 'comparison =', 'comparison !=', 'null comparison'],
    ],
    [
      "SELECT Id FROM Contact WHERE LastName LIKE 'S%' OR NOT Email = null",
      ['WHERE', 'OR', 'LIKE', 'NOT', 'comparison =', 'null comparison'],
    ],
    ["SELECT Id FROM Account WHERE Industry IN ('A', 'B')", ['WHERE', 'IN list']],
    [
      'SELECT Id FROM Account WHERE Id NOT IN (SELECT AccountId FROM Contact)',
      ['WHERE', 'anti-join (NOT IN subquery)'],
    ],
    ['SELECT Id, (SELECT Id FROM Contacts) FROM Account', ['child subquery']],
    [
      'SELECT Account.Name FROM Contact ORDER BY Account.Name DESC LIMIT 5 OFFSET 10',
      ['parent relationship path', 'ORDER BY', 'ORDER BY DESC', 'LIMIT', 'OFFSET'],
    ],
    [
      'SELECT Industry, COUNT(Id) n FROM Account GROUP BY Industry HAVING COUNT(Id) > 1',
      ['COUNT()', 'GROUP BY', 'HAVING', 'comparison >'],
    ],
    ['SELECT COUNT() FROM Account', ['COUNT() without field']],
    [
      'SELECT FIELDS(STANDARD) FROM Account WHERE CreatedDate = LAST_N_DAYS:7',
      ['FIELDS(STANDARD)', 'WHERE', 'comparison =', 'date literal :n'],
    ],
    [
      'SELECT Id FROM Account WHERE CreatedDate > 2026-01-01T00:00:00Z',
      ['WHERE', 'comparison >', 'datetime value'],
    ],
  ])('%s', (text, features) => {
    expect([...soqlFeatures(text)].sort()).toEqual([...features].sort())
  })

  it('names a query the parser refuses', () => {
    expect([...soqlFeatures('SELECT FROM')]).toEqual([UNPARSABLE])
  })
})
