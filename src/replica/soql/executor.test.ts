import { describe, expect, it } from 'vitest'
import type { SoqlErrorCode } from './errors.js'
import { SoqlError } from './errors.js'
import { querySoql, type SoqlRow, selectSoqlValues } from './executor.js'
import { compileSoql } from './compile/compile-query.js'
import { createTestDataSource, id } from '../../../test/support/soql-fixture.js'

interface Case {
  q: string
  /** Values of `col` (default `Name`) of the rows, in order. */
  names?: unknown[]
  col?: string
  /** Exact rows (attributes included). */
  rows?: unknown[]
  /** totalSize (for COUNT() queries). */
  total?: number
  /** Expected error code and a fragment of its message. */
  error?: [SoqlErrorCode, string]
  all?: boolean
  actor?: string
  apiVersion?: number
}

const ALL_ACCOUNTS = ['Acme', 'Globex', "O'Reilly Media", 'Initech', 'Umbrella 100%']
const agg = (fields: Record<string, unknown>) => ({ attributes: { type: 'AggregateResult' }, ...fields })

const cases: Case[] = [
  // selection, names and case-insensitivity
  { q: 'SELECT Name FROM Account', names: ALL_ACCOUNTS },
  { q: "select name from account where name = 'acme'", names: ['Acme'] },
  { q: `SELECT Name FROM Account WHERE Id = '${id('A2').slice(0, 15)}'`, names: ['Globex'] },
  { q: `SELECT Name FROM Account WHERE Id = '${id('A3')}'`, names: ["O'Reilly Media"] },
  {
    q: `SELECT Name FROM Account WHERE Id IN ('${id('A1')}', '${id('A5')}')`,
    names: ['Acme', 'Umbrella 100%'],
  },
  { q: `SELECT Name FROM Account WHERE Id = '${id('A6')}'`, names: [] },
  { q: `SELECT Name FROM Account WHERE Id = '${id('A6')}'`, all: true, names: ['Deleted Co'] },
  { q: 'SELECT Name, IsDeleted FROM Account WHERE IsDeleted = true', all: true, names: ['Deleted Co'] },
  { q: 'SELECT Name FROM Account WHERE IsDeleted = true', names: [] },
  // comparison operators and null
  { q: "SELECT Name FROM Account WHERE Name != 'Acme'", names: ALL_ACCOUNTS.slice(1) },
  { q: "SELECT Name FROM Account WHERE Name <> 'acme'", names: ALL_ACCOUNTS.slice(1) },
  { q: 'SELECT Name FROM Account WHERE Industry = null', names: ['Initech'] },
  {
    q: 'SELECT Name FROM Account WHERE Industry != null',
    names: ['Acme', 'Globex', "O'Reilly Media", 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Account WHERE Industry != 'Technology'",
    names: ['Globex', 'Initech', 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees > 80', names: ['Acme', 'Umbrella 100%'] },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees >= 80', names: ['Acme', 'Globex', 'Umbrella 100%'] },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees < 80', names: ["O'Reilly Media"] },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees <= 40', names: ["O'Reilly Media"] },
  {
    q: 'SELECT Name FROM Account WHERE AnnualRevenue > 1000000.5',
    names: ['Acme', 'Globex', 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees = -1', names: [] },
  { q: "SELECT Name FROM Account WHERE Name > 'h' AND Name < 'p'", names: ["O'Reilly Media", 'Initech'] },
  // LIKE and string escapes
  { q: "SELECT Name FROM Account WHERE Name LIKE 'ac%'", names: ['Acme'] },
  { q: "SELECT Name FROM Account WHERE Name LIKE '%E%'", names: ALL_ACCOUNTS },
  { q: "SELECT Name FROM Account WHERE Name LIKE '_lobex'", names: ['Globex'] },
  { q: "SELECT Name FROM Account WHERE Name LIKE '%100\\%'", names: ['Umbrella 100%'] },
  { q: "SELECT Name FROM Account WHERE Name LIKE 'umbrella _00%'", names: ['Umbrella 100%'] },
  { q: "SELECT Name FROM Account WHERE Name LIKE 'O\\'Reilly%'", names: ["O'Reilly Media"] },
  { q: "SELECT Name FROM Account WHERE Name = 'O\\'Reilly Media'", names: ["O'Reilly Media"] },
  // IN, NOT IN
  { q: "SELECT Name FROM Account WHERE Name IN ('acme', 'GLOBEX')", names: ['Acme', 'Globex'] },
  {
    q: "SELECT Name FROM Account WHERE Name NOT IN ('Acme', 'Globex')",
    names: ["O'Reilly Media", 'Initech', 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Account WHERE Industry IN ('Technology', null)",
    names: ['Acme', "O'Reilly Media", 'Initech'],
  },
  { q: 'SELECT Name FROM Account WHERE NumberOfEmployees IN (40, 80)', names: ['Globex', "O'Reilly Media"] },
  // AND / OR / NOT / parentheses / booleans
  {
    q: "SELECT Name FROM Account WHERE Industry = 'Technology' AND Active__c = true",
    names: ['Acme', "O'Reilly Media"],
  },
  {
    q: "SELECT Name FROM Account WHERE Rating = 'Hot' OR Rating = 'Cold'",
    names: ['Acme', 'Initech', 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Account WHERE (Rating = 'Hot' OR Rating = 'Cold') AND BillingCity = 'Paris'",
    names: ['Acme', 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Account WHERE NOT Industry = 'Technology'",
    names: ['Globex', 'Initech', 'Umbrella 100%'],
  },
  { q: "SELECT Name FROM Account WHERE NOT (Rating = 'Hot' OR Rating = null)", names: ['Globex', 'Initech'] },
  { q: 'SELECT Name FROM Account WHERE Active__c = false', names: ['Globex', 'Initech'] },
  { q: 'SELECT Name FROM Account WHERE Active__c = null', names: ['Globex', 'Initech'] },
  {
    q: 'SELECT Name FROM Account WHERE Active__c != null',
    names: ['Acme', "O'Reilly Media", 'Umbrella 100%'],
  },
  {
    q: 'SELECT Name FROM Account WHERE Active__c = TRUE',
    names: ['Acme', "O'Reilly Media", 'Umbrella 100%'],
  },
  // multi-select picklists
  { q: "SELECT Name FROM Account WHERE Tags__c INCLUDES ('Gold')", names: ['Acme', "O'Reilly Media"] },
  {
    q: "SELECT Name FROM Account WHERE Tags__c INCLUDES ('gold;partner', 'silver')",
    names: ['Acme', 'Globex', 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Account WHERE Tags__c EXCLUDES ('Gold')",
    names: ['Globex', 'Initech', 'Umbrella 100%'],
  },
  { q: "SELECT Name FROM Account WHERE Tags__c = 'Partner;Gold'", names: ['Acme'] },
  // dates, datetimes (offsets) and date literals on the manual clock (Wed 2026-03-18T12:00Z)
  { q: 'SELECT Name FROM Contact WHERE Birthdate = 1990-03-18', names: ['Ann Alpha'] },
  { q: 'SELECT Name FROM Contact WHERE Birthdate > 1985-07-01', names: ['Ann Alpha', 'Dan Delta'] },
  { q: 'SELECT Name FROM Contact WHERE Birthdate < 1985-07-01', names: ['Eve Epsilon'] },
  { q: 'SELECT Name FROM Account WHERE CreatedDate > 2026-03-17T23:00:00Z', names: ['Acme', 'Globex'] },
  {
    q: 'SELECT Name FROM Account WHERE CreatedDate < 2026-03-18T00:30:00+01:00',
    names: ["O'Reilly Media", 'Initech', 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE CreatedDate >= 2026-03-17T23:30:00.000Z', names: ['Acme', 'Globex'] },
  { q: 'SELECT Name FROM Account WHERE CreatedDate = TODAY', names: ['Acme'] },
  { q: 'SELECT Name FROM Account WHERE CreatedDate = YESTERDAY', names: ['Globex'] },
  {
    q: 'SELECT Name FROM Account WHERE CreatedDate = THIS_MONTH',
    names: ['Acme', 'Globex', 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE CreatedDate = LAST_MONTH', names: ["O'Reilly Media"] },
  { q: 'SELECT Name FROM Account WHERE CreatedDate = LAST_YEAR', names: ['Initech'] },
  {
    q: 'SELECT Name FROM Account WHERE CreatedDate = THIS_YEAR',
    names: ['Acme', 'Globex', "O'Reilly Media", 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE CreatedDate < THIS_YEAR', names: ['Initech'] },
  {
    q: 'SELECT Name FROM Account WHERE CreatedDate > LAST_MONTH',
    names: ['Acme', 'Globex', 'Umbrella 100%'],
  },
  { q: 'SELECT Name FROM Account WHERE CreatedDate = LAST_N_DAYS:1', names: ['Acme', 'Globex'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = TOMORROW', names: ['Orphan'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = NEXT_N_DAYS:30', names: ['Acme Upsell', 'Orphan'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = THIS_WEEK', names: ['Acme Deal', 'Orphan'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = LAST_WEEK', names: ['Globex Renewal'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = NEXT_MONTH', names: ['Acme Upsell'] },
  {
    q: 'SELECT Name FROM Opportunity WHERE CloseDate = THIS_QUARTER',
    names: ['Acme Deal', 'Globex Renewal', 'Umbrella Big', 'Orphan'],
  },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = LAST_QUARTER', names: ['Initech Old'] },
  { q: 'SELECT Name FROM Opportunity WHERE CloseDate = N_DAYS_AGO:8', names: ['Globex Renewal'] },
  {
    q: 'select name from opportunity where closedate = this_fiscal_year',
    names: ['Acme Deal', 'Acme Upsell', 'Globex Renewal', 'Umbrella Big', 'Orphan'],
  },
  // parent relationships (two levels), aliases, custom relationships, polymorphic references
  { q: "SELECT Name FROM Contact WHERE Account.Industry = 'Technology'", names: ['Ann Alpha', 'Ben Beta'] },
  { q: "SELECT Name FROM Contact WHERE Account.Owner.Name = 'Ada Admin'", names: ['Cat Gamma'] },
  { q: 'SELECT Name FROM Contact WHERE Account.Name = null', names: ['Dan Delta'] },
  { q: "SELECT c.Name FROM Contact c WHERE c.LastName = 'Beta'", names: ['Ben Beta'] },
  { q: "SELECT Account.Name FROM Account WHERE Account.Name = 'Globex'", names: ['Globex'] },
  { q: "SELECT Name, Account__r.Name FROM Invoice__c WHERE Account__r.Name = 'Globex'", names: ['INV-3'] },
  { q: "SELECT Name FROM Invoice__c WHERE External_Id__c = 'EXT-002'", names: ['INV-2'] },
  { q: "SELECT Subject FROM Task WHERE Who.Name LIKE 'L%'", col: 'Subject', names: ['Email'] },
  {
    q: "SELECT Name, Account.Name, Account.Owner.Manager.Name FROM Contact WHERE LastName = 'Gamma'",
    rows: [
      {
        attributes: { type: 'Contact' },
        Name: 'Cat Gamma',
        Account: {
          attributes: { type: 'Account' },
          Name: 'Globex',
          Owner: { attributes: { type: 'User' }, Manager: null },
        },
      },
    ],
  },
  {
    q: 'SELECT Subject, Who.Name FROM Task ORDER BY Subject',
    rows: [
      {
        attributes: { type: 'Task' },
        Subject: 'Call',
        Who: { attributes: { type: 'Contact' }, Name: 'Ann Alpha' },
      },
      {
        attributes: { type: 'Task' },
        Subject: 'Email',
        Who: { attributes: { type: 'Lead' }, Name: 'Lee Lead' },
      },
      { attributes: { type: 'Task' }, Subject: 'Note', Who: null },
    ],
  },
  // semi-joins and anti-joins
  {
    q: 'SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact)',
    names: ['Acme', 'Globex', 'Initech'],
  },
  {
    q: 'SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Opportunity WHERE IsWon = true)',
    names: ['Acme', 'Umbrella 100%'],
  },
  {
    q: 'SELECT Name FROM Account WHERE Id NOT IN (SELECT AccountId FROM Contact)',
    names: ["O'Reilly Media", 'Umbrella 100%'],
  },
  {
    q: "SELECT Name FROM Opportunity WHERE AccountId IN (SELECT AccountId FROM Contact WHERE LastName = 'Gamma')",
    names: ['Globex Renewal'],
  },
  // ORDER BY, NULLS FIRST/LAST, LIMIT, OFFSET
  {
    q: 'SELECT Name FROM Account ORDER BY Name',
    names: ['Acme', 'Globex', 'Initech', "O'Reilly Media", 'Umbrella 100%'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY NumberOfEmployees DESC',
    names: ['Umbrella 100%', 'Acme', 'Globex', "O'Reilly Media", 'Initech'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY NumberOfEmployees',
    names: ['Initech', "O'Reilly Media", 'Globex', 'Acme', 'Umbrella 100%'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY NumberOfEmployees ASC NULLS LAST',
    names: ["O'Reilly Media", 'Globex', 'Acme', 'Umbrella 100%', 'Initech'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY Rating DESC NULLS FIRST, Name',
    names: ["O'Reilly Media", 'Globex', 'Acme', 'Umbrella 100%', 'Initech'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY Industry, Name DESC',
    names: ['Initech', 'Globex', 'Umbrella 100%', "O'Reilly Media", 'Acme'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY Owner.Name, Name',
    names: ['Globex', 'Umbrella 100%', 'Acme', "O'Reilly Media", 'Initech'],
  },
  { q: 'SELECT Name FROM Account ORDER BY Name LIMIT 2', names: ['Acme', 'Globex'] },
  { q: 'SELECT Name FROM Account ORDER BY Name LIMIT 2 OFFSET 1', names: ['Globex', 'Initech'] },
  { q: 'SELECT Name FROM Account ORDER BY Name OFFSET 10', names: [] },
  { q: 'SELECT Name FROM Account LIMIT 1', names: ['Acme'] },
  { q: 'SELECT Name FROM Account LIMIT 0', names: [] },
  // COUNT() and aggregates
  { q: 'SELECT COUNT() FROM Account', total: 5 },
  { q: "SELECT COUNT() FROM Account WHERE Industry = 'Technology'", total: 2 },
  { q: 'SELECT COUNT() FROM Account', all: true, total: 6 },
  { q: 'SELECT COUNT() FROM Account LIMIT 3', total: 3 },
  { q: 'SELECT COUNT(Id) FROM Contact', rows: [agg({ expr0: 5 })] },
  { q: 'SELECT COUNT(Email), COUNT_DISTINCT(AccountId) FROM Contact', rows: [agg({ expr0: 4, expr1: 3 })] },
  {
    q: 'SELECT SUM(Amount), AVG(Amount), MIN(Amount), MAX(Amount) FROM Opportunity',
    rows: [agg({ expr0: 925_010, expr1: 185_002, expr2: 10, expr3: 750_000 })],
  },
  {
    q: 'SELECT MIN(CloseDate) earliest, MAX(CloseDate) latest FROM Opportunity',
    rows: [agg({ earliest: '2025-11-30', latest: '2026-04-15' })],
  },
  {
    q: 'SELECT StageName, COUNT(Id) n FROM Opportunity GROUP BY StageName ORDER BY StageName',
    rows: [
      agg({ StageName: 'Closed Lost', n: 1 }),
      agg({ StageName: 'Closed Won', n: 2 }),
      agg({ StageName: 'Negotiation', n: 1 }),
      agg({ StageName: 'Prospecting', n: 2 }),
    ],
  },
  {
    q: 'SELECT StageName, SUM(Amount) FROM Opportunity GROUP BY StageName HAVING COUNT(Id) > 1 ORDER BY SUM(Amount) DESC',
    rows: [
      agg({ StageName: 'Closed Won', expr0: 850_000 }),
      agg({ StageName: 'Prospecting', expr0: 25_010 }),
    ],
  },
  {
    q: 'SELECT Account.Name, COUNT(Id) FROM Contact GROUP BY Account.Name ORDER BY Account.Name',
    rows: [
      agg({ Name: null, expr0: 1 }),
      agg({ Name: 'Acme', expr0: 2 }),
      agg({ Name: 'Globex', expr0: 1 }),
      agg({ Name: 'Initech', expr0: 1 }),
    ],
  },
  {
    q: 'SELECT Industry FROM Account GROUP BY Industry ORDER BY Industry NULLS LAST LIMIT 2',
    rows: [agg({ Industry: 'Manufacturing' }), agg({ Industry: 'Pharma' })],
  },
  {
    q: "SELECT COUNT(Id), SUM(AnnualRevenue) FROM Account WHERE Name = 'none'",
    rows: [agg({ expr0: 0, expr1: null })],
  },
  // child subqueries
  {
    q: "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName DESC) FROM Account WHERE Name = 'Acme'",
    rows: [
      {
        attributes: { type: 'Account' },
        Name: 'Acme',
        Contacts: {
          totalSize: 2,
          done: true,
          records: [
            { attributes: { type: 'Contact' }, LastName: 'Beta' },
            { attributes: { type: 'Contact' }, LastName: 'Alpha' },
          ],
        },
      },
    ],
  },
  {
    q: "SELECT Name, (SELECT Name FROM Opportunities WHERE IsWon = true) FROM Account WHERE Name IN ('Acme', 'Globex') ORDER BY Name",
    rows: [
      {
        attributes: { type: 'Account' },
        Name: 'Acme',
        Opportunities: {
          totalSize: 1,
          done: true,
          records: [{ attributes: { type: 'Opportunity' }, Name: 'Acme Deal' }],
        },
      },
      { attributes: { type: 'Account' }, Name: 'Globex', Opportunities: null },
    ],
  },
  {
    q: `SELECT (SELECT Name FROM Invoices__r ORDER BY Total__c DESC LIMIT 1) FROM Account WHERE Id = '${id('A1')}'`,
    rows: [
      {
        attributes: { type: 'Account' },
        Invoices__r: {
          totalSize: 1,
          done: true,
          records: [{ attributes: { type: 'Invoice__c' }, Name: 'INV-2' }],
        },
      },
    ],
  },
  {
    q: "SELECT Name, (SELECT Name, Account.Name FROM Account.Contacts) FROM Account WHERE Name = 'Globex'",
    rows: [
      {
        attributes: { type: 'Account' },
        Name: 'Globex',
        Contacts: {
          totalSize: 1,
          done: true,
          records: [
            {
              attributes: { type: 'Contact' },
              Name: 'Cat Gamma',
              Account: { attributes: { type: 'Account' }, Name: 'Globex' },
            },
          ],
        },
      },
    ],
  },
  {
    q: "SELECT Name, (SELECT Name FROM ChildAccounts) FROM Account WHERE Name = 'Acme'",
    col: 'ChildAccounts.totalSize',
    names: [1],
  },
  // FIELDS(), compound fields, visibility by actor and API version
  {
    q: "SELECT FIELDS(STANDARD) FROM User WHERE Name = 'Ada Admin'",
    rows: [
      {
        attributes: { type: 'User' },
        Id: id('U1'),
        IsDeleted: false,
        Name: 'Ada Admin',
        Email: 'ada@corp.test',
        IsActive: true,
        ManagerId: null,
      },
    ],
  },
  {
    q: "SELECT FIELDS(CUSTOM) FROM Account WHERE Name = 'Acme' LIMIT 200",
    col: 'Tags__c',
    names: ['Gold;Partner'],
  },
  { q: `SELECT FIELDS(ALL) FROM Account WHERE Id = '${id('A2')}'`, col: 'Score__c', names: [7] },
  {
    q: "SELECT BillingAddress FROM Account WHERE Name = 'Acme'",
    col: 'BillingAddress',
    names: [
      {
        city: 'Paris',
        country: null,
        geocodeAccuracy: null,
        latitude: null,
        longitude: null,
        postalCode: null,
        state: null,
        street: '1 Rue de Rivoli',
      },
    ],
  },
  { q: "SELECT Name FROM Account WHERE Name = 'Acme'", actor: 'integration', names: ['Acme'] },
  {
    q: 'SELECT Secret__c FROM Account',
    actor: 'integration',
    error: ['INVALID_FIELD', "No such column 'Secret__c' on entity 'Account'"],
  },
  {
    q: 'SELECT Id FROM Account WHERE Score__c > 1',
    apiVersion: 59,
    error: ['INVALID_FIELD', "No such column 'Score__c'"],
  },
  { q: 'SELECT Name FROM Account WHERE Score__c > 8', apiVersion: 60, names: ['Acme'] },
  // errors: syntax
  { q: 'SELECT Id FROM Account WHERE', error: ['MALFORMED_QUERY', 'unexpected token: <EOF>'] },
  { q: 'SELECT Id, FROM Account', error: ['MALFORMED_QUERY', "Row:1:Column:12\nunexpected token: 'FROM'"] },
  {
    q: "SELECT Id FROM Account WHERE Name = 'x' AND Name = 'y' OR Name = 'z'",
    error: ['MALFORMED_QUERY', "unexpected token: 'OR'"],
  },
  {
    q: 'SELECT Id FROM Account WHERE Name = :name',
    error: ['MALFORMED_QUERY', 'Bind variables only allowed in Apex code'],
  },
  { q: 'SELECT Id FROM Account WHERE Name = "Acme"', error: ['MALFORMED_QUERY', `unexpected token: '"'`] },
  { q: "SELECT Id FROM Account WHERE Name = 'abc", error: ['MALFORMED_QUERY', "unexpected token: ''abc'"] },
  {
    q: "SELECT Id FROM Account WHERE Name = 'a\\qb'",
    error: ['MALFORMED_QUERY', "Illegal character sequence '\\q'"],
  },
  {
    q: 'SELECT Id FROM Account WHERE CreatedDate > 2026-01-01T10:00:00',
    error: ['MALFORMED_QUERY', 'needs a time zone'],
  },
  {
    q: 'SELECT Id FROM Contact WHERE Birthdate = 2026-02-30',
    error: ['MALFORMED_QUERY', 'invalid date: 2026-02-30'],
  },
  {
    q: 'SELECT Id FROM Account WHERE CreatedDate = LAST_N_DAYS',
    error: ['MALFORMED_QUERY', 'unexpected token: <EOF>'],
  },
  { q: "SELECT Id FROM Account LIMIT 'x'", error: ['MALFORMED_QUERY', "unexpected token: ''x''"] },
  { q: 'SELECT Name n FROM Account', error: ['MALFORMED_QUERY', "unexpected token: 'n'"] },
  // errors: names and types
  { q: 'SELECT Id FROM Nope__c', error: ['INVALID_TYPE', "sObject type 'Nope__c' is not supported"] },
  {
    q: 'SELECT Id, Foo FROM Account',
    error: ['INVALID_FIELD', "Row:1:Column:12\nNo such column 'Foo' on entity 'Account'"],
  },
  {
    q: 'SELECT Acount.Name FROM Contact',
    error: ['INVALID_FIELD', "Didn't understand relationship 'Acount' in field path"],
  },
  {
    q: 'SELECT Account.Nme FROM Contact',
    error: ['INVALID_FIELD', "No such column 'Nme' on entity 'Account'"],
  },
  {
    q: 'SELECT Id FROM Account WHERE Name = 5',
    error: ['INVALID_FIELD', 'must be of type string and should be enclosed in quotes'],
  },
  {
    q: "SELECT Id FROM Account WHERE NumberOfEmployees = '5'",
    error: [
      'INVALID_FIELD',
      "field 'NumberOfEmployees' must be of type integer and should not be enclosed in quotes",
    ],
  },
  {
    q: 'SELECT Id FROM Account WHERE AnnualRevenue = true',
    error: ['INVALID_FIELD', 'must be of type double'],
  },
  {
    q: 'SELECT Id FROM Account WHERE CreatedDate = 2026-01-01',
    error: ['INVALID_FIELD', 'must be of type dateTime'],
  },
  {
    q: "SELECT Id FROM Contact WHERE Birthdate = '2026-01-01'",
    error: ['INVALID_FIELD', 'must be of type date and'],
  },
  {
    q: "SELECT Id FROM Account WHERE Active__c = 'true'",
    error: ['INVALID_FIELD', 'must be of type boolean'],
  },
  {
    q: "SELECT Id FROM Account WHERE Id = 'abc'",
    error: ['INVALID_QUERY_FILTER_OPERATOR', 'invalid ID field: abc'],
  },
  {
    q: "SELECT Id FROM Contact WHERE AccountId IN ('001', 'x')",
    error: ['INVALID_QUERY_FILTER_OPERATOR', 'invalid ID field: 001'],
  },
  {
    q: "SELECT Id FROM Account WHERE Industry INCLUDES ('x')",
    error: [
      'INVALID_QUERY_FILTER_OPERATOR',
      'includes or excludes operator only valid on multipicklist field',
    ],
  },
  {
    q: "SELECT Id FROM Account WHERE Tags__c LIKE 'G%'",
    error: ['INVALID_QUERY_FILTER_OPERATOR', 'invalid operator on multipicklist field'],
  },
  {
    q: 'SELECT Id FROM Account WHERE Active__c > true',
    error: ['INVALID_QUERY_FILTER_OPERATOR', 'invalid operator on boolean field'],
  },
  {
    q: "SELECT Id FROM Account WHERE Description = 'x'",
    error: ['INVALID_FIELD', "field 'Description' can not be filtered"],
  },
  {
    q: 'SELECT Id FROM Account ORDER BY Tags__c',
    error: ['INVALID_FIELD', "field 'Tags__c' can not be sorted"],
  },
  {
    q: 'SELECT Id, (SELECT Id FROM Contactz) FROM Account',
    error: ['INVALID_TYPE', "Didn't understand relationship 'Contactz' in FROM part"],
  },
  // errors: aggregates, FIELDS(), limits
  {
    q: 'SELECT Name, COUNT(Id) FROM Account',
    error: ['MALFORMED_QUERY', 'Field must be grouped or aggregated: Name'],
  },
  { q: 'SELECT Name, COUNT() FROM Account', error: ['MALFORMED_QUERY', 'COUNT() must be the only element'] },
  {
    q: 'SELECT SUM(Name) FROM Account',
    error: ['INVALID_FIELD', 'field Name does not support aggregate operator SUM'],
  },
  {
    q: 'SELECT AnnualRevenue FROM Account GROUP BY AnnualRevenue',
    error: ['INVALID_FIELD', "field 'AnnualRevenue' can not be grouped"],
  },
  {
    q: 'SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry ORDER BY Name',
    error: ['MALFORMED_QUERY', 'Ordered field must be grouped or aggregated: Name'],
  },
  {
    q: 'SELECT Name FROM Account ORDER BY COUNT(Id)',
    error: ['MALFORMED_QUERY', 'only be ordered by in an aggregate query'],
  },
  {
    q: 'SELECT FIELDS(ALL) FROM Account',
    error: ['MALFORMED_QUERY', 'The SOQL FIELDS function must have a LIMIT of at most 200'],
  },
  {
    q: 'SELECT FIELDS(CUSTOM) FROM Account LIMIT 201',
    error: ['MALFORMED_QUERY', 'must have a LIMIT of at most 200'],
  },
  { q: 'SELECT Id, FIELDS(STANDARD) FROM User', error: ['INVALID_FIELD', 'duplicate field selected: Id'] },
  { q: 'SELECT Name, name FROM User', error: ['INVALID_FIELD', 'duplicate field selected: Name'] },
  {
    q: 'SELECT FIELDS(CUSTOM) FROM User LIMIT 10',
    error: ['MALFORMED_QUERY', "'FIELDS(...)' expansion function must result in at least one field"],
  },
  {
    q: 'SELECT Id FROM Account ORDER BY Name OFFSET 2001',
    error: ['NUMBER_OUTSIDE_VALID_RANGE', 'Maximum SOQL offset allowed is 2000'],
  },
  { q: 'SELECT Id FROM Account LIMIT 2147483648', error: ['MALFORMED_QUERY', 'numeric value out of range'] },
  // errors: semi-joins
  {
    q: "SELECT Id FROM Account WHERE Id IN (SELECT AccountId FROM Contact) OR Name = 'x'",
    error: ['MALFORMED_QUERY', "not allowed with the 'OR' operator"],
  },
  {
    q: 'SELECT Id FROM Account WHERE NOT Id IN (SELECT AccountId FROM Contact)',
    error: ['MALFORMED_QUERY', "'NOT' operator"],
  },
  {
    q: 'SELECT Id FROM Account WHERE Id IN (SELECT ParentId FROM Account)',
    error: ['INVALID_TYPE', 'should not be on the same object type'],
  },
  {
    q: 'SELECT Id FROM Account WHERE Id IN (SELECT Name FROM Contact)',
    error: ['MALFORMED_QUERY', 'can only select an id or reference field'],
  },
  {
    q: 'SELECT Id FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE OwnerId IN (SELECT Id FROM User))',
    error: ['MALFORMED_QUERY', 'Nesting of semi join sub-selects is not supported'],
  },
  {
    q: 'SELECT Id, (SELECT Id FROM Contacts WHERE OwnerId IN (SELECT Id FROM User)) FROM Account',
    error: ['MALFORMED_QUERY', 'only allowed in the WHERE clause of the main query'],
  },
  // unsupported SOQL: fails loudly, naming the feature
  {
    q: 'SELECT TYPEOF Who WHEN Contact THEN Email ELSE Name END FROM Task',
    error: ['FEATURE_NOT_ENABLED', 'TYPEOF is not supported by the replica'],
  },
  {
    q: 'SELECT Id FROM Account USING SCOPE mine',
    error: ['FEATURE_NOT_ENABLED', 'USING SCOPE is not supported'],
  },
  {
    q: 'SELECT Id FROM Account WITH SECURITY_ENFORCED',
    error: ['FEATURE_NOT_ENABLED', 'WITH SECURITY_ENFORCED is not supported'],
  },
  { q: 'SELECT Id FROM Account FOR UPDATE', error: ['FEATURE_NOT_ENABLED', 'FOR UPDATE is not supported'] },
  // the test schema's Account keeps no view dates
  {
    q: 'SELECT Id FROM Account FOR VIEW',
    error: ['MALFORMED_QUERY', 'FOR VIEW is not supported for Account: it keeps no LastViewedDate'],
  },
  {
    q: 'SELECT toLabel(Industry) FROM Account',
    error: ['FEATURE_NOT_ENABLED', 'TOLABEL() is not supported'],
  },
  {
    q: 'SELECT CALENDAR_YEAR(CreatedDate), COUNT(Id) FROM Account GROUP BY CALENDAR_YEAR(CreatedDate)',
    error: ['FEATURE_NOT_ENABLED', 'CALENDAR_YEAR() is not supported'],
  },
  {
    q: 'SELECT Industry FROM Account GROUP BY ROLLUP(Industry)',
    error: ['FEATURE_NOT_ENABLED', 'GROUP BY ROLLUP is not supported'],
  },
  {
    q: 'SELECT COUNT() FROM Account GROUP BY Industry',
    error: ['FEATURE_NOT_ENABLED', 'COUNT() with GROUP BY or HAVING is not supported'],
  },
  {
    q: 'SELECT Id FROM Account HAVING COUNT(Id) > 1',
    error: ['MALFORMED_QUERY', 'Field must be grouped or aggregated: Id'],
  },
  {
    q: 'SELECT Name FROM Account WHERE Id IN (SELECT OwnerId FROM Contact)',
    error: ['MALFORMED_QUERY', "field 'OwnerId' holds User ids, but 'Id' holds Account ids"],
  },
  { q: 'SELECT COUNT(Id) FROM Account HAVING COUNT(Id) > 4', rows: [agg({ expr0: 5 })] },
  { q: 'SELECT COUNT(Id) FROM Account HAVING COUNT(Id) > 5', rows: [] },
]

/** A flattened column (`Account.Name`) of a rendered row; null along a null relationship. */
function columnValue(row: SoqlRow, column: string): unknown {
  let at: unknown = row
  for (const part of column.split('.')) {
    if (at === null || typeof at !== 'object') return null
    at = (at as Record<string, unknown>)[part]
  }
  return at ?? null
}

function run(c: Case) {
  const source = createTestDataSource({
    ...(c.actor ? { actor: c.actor } : {}),
    ...(c.apiVersion ? { apiVersion: c.apiVersion } : {}),
  })
  return querySoql(c.q, source, { includeDeleted: c.all ?? false })
}

describe('SOQL query table', () => {
  it('has at least 80 queries', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80)
  })

  it.each(cases)('$q', (c) => {
    if (c.error) {
      const [code, fragment] = c.error
      let thrown: unknown
      try {
        run(c)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(SoqlError)
      expect((thrown as SoqlError).code).toBe(code)
      expect((thrown as SoqlError).message).toContain(fragment)
      return
    }
    const result = run(c)
    if (c.total !== undefined) {
      expect(result.totalSize).toBe(c.total)
      expect(result.records).toEqual([])
    }
    if (c.names) expect(result.records.map((row) => columnValue(row, c.col ?? 'Name'))).toEqual(c.names)
    if (c.rows) expect(result.records).toEqual(c.rows)
    if (c.names || c.rows) expect(result.totalSize).toBe(result.records.length)
  })
})

describe('indexes', () => {
  const source = createTestDataSource()
  const count = (q: string) => {
    source.resetStats()
    const rows = querySoql(q, source).records
    return { rows: rows.length, ...source.stats }
  }

  it('finds a record by Id without a scan', () => {
    expect(count(`SELECT Name FROM Account WHERE Id = '${id('A2')}'`)).toEqual({
      rows: 1,
      scans: 0,
      gets: 1,
      findBys: 0,
    })
  })

  it('finds records by a list of ids and by ORed ids without a scan', () => {
    expect(count(`SELECT Name FROM Account WHERE Id IN ('${id('A1')}', '${id('A2')}')`)).toMatchObject({
      rows: 2,
      scans: 0,
    })
    expect(count(`SELECT Name FROM Account WHERE Id = '${id('A1')}' OR Id = '${id('A4')}'`)).toMatchObject({
      rows: 2,
      scans: 0,
    })
  })

  it('uses the Id index inside an AND with other conditions', () => {
    expect(count(`SELECT Name FROM Account WHERE Name = 'Acme' AND Id = '${id('A1')}'`)).toMatchObject({
      rows: 1,
      scans: 0,
    })
  })

  it('finds records by an external id without a scan', () => {
    expect(count("SELECT Name FROM Invoice__c WHERE External_Id__c = 'ext-001'")).toEqual({
      rows: 1,
      scans: 0,
      gets: 0,
      findBys: 1,
    })
  })

  it('finds children by a reference field without a scan', () => {
    expect(count(`SELECT Name FROM Contact WHERE AccountId = '${id('A1')}'`)).toEqual({
      rows: 2,
      scans: 0,
      gets: 0,
      findBys: 1,
    })
  })

  it('scans once for a filter on a field without an index', () => {
    expect(count("SELECT Name FROM Account WHERE Name = 'Acme'")).toMatchObject({ rows: 1, scans: 1 })
  })

  it('answers a semi-join on Id with one scan of the subquery object only', () => {
    expect(count('SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact)')).toMatchObject({
      rows: 3,
      scans: 1,
      gets: 3,
    })
  })

  it('reads child subquery rows through the reference index', () => {
    expect(count('SELECT Name, (SELECT Name FROM Contacts) FROM Account')).toMatchObject({
      rows: 5,
      scans: 1,
      findBys: 5,
    })
  })

  it('stops scanning once LIMIT rows matched when there is no ORDER BY', () => {
    let visited = 0
    const counting = {
      ...source,
      records: {
        ...source.records,
        *scan(object: string, options: { includeDeleted: boolean }) {
          for (const record of source.records.scan(object, options)) {
            visited++
            yield record
          }
        },
      },
    }
    expect(querySoql('SELECT Name FROM Account LIMIT 1', counting).records).toHaveLength(1)
    expect(visited).toBe(1)
  })
})

describe('results', () => {
  const source = createTestDataSource()
  const recordUrl = (object: string, recordId: string) =>
    `/services/data/v60.0/sobjects/${object}/${recordId}`

  it('returns attributes.url for records and parents when given a URL builder', () => {
    const [row] = querySoql(`SELECT Id, Account.Name FROM Contact WHERE Id = '${id('C1')}'`, source, {
      recordUrl,
    }).records as [SoqlRow]
    expect(row.attributes).toEqual({ type: 'Contact', url: recordUrl('Contact', id('C1')) })
    expect((row.Account as SoqlRow).attributes).toEqual({
      type: 'Account',
      url: recordUrl('Account', id('A1')),
    })
  })

  it('returns canonical names whatever the spelling in the query', () => {
    const [row] = querySoql(
      "SELECT NAME, account.NAME, ACCOUNT.owner.name FROM contact WHERE lastname = 'alpha'",
      source,
    ).records
    expect(row).toEqual({
      attributes: { type: 'Contact' },
      Name: 'Ann Alpha',
      Account: {
        attributes: { type: 'Account' },
        Name: 'Acme',
        Owner: { attributes: { type: 'User' }, Name: 'Bob Builder' },
      },
    })
  })

  it('exports the flattened columns in SELECT order', () => {
    expect(
      querySoql('SELECT id, account.name, Name, Account.Owner.Name FROM Contact LIMIT 1', source).columns,
    ).toEqual(['Id', 'Account.Name', 'Name', 'Account.Owner.Name'])
    expect(
      compileSoql(
        'SELECT StageName, COUNT(Id), SUM(Amount) total FROM Opportunity GROUP BY StageName',
        source,
      ).columns,
    ).toEqual(['StageName', 'expr0', 'total'])
  })

  it('reads a flattened column of a row, null along a null relationship', () => {
    const rows = querySoql(
      "SELECT Account.Name FROM Contact WHERE LastName IN ('Alpha', 'Delta') ORDER BY LastName",
      source,
    ).records
    expect(rows.map((row) => columnValue(row, 'Account.Name'))).toEqual(['Acme', null])
  })

  it('includes deleted children in a queryAll', () => {
    const q = `SELECT (SELECT Name, IsDeleted FROM Contacts) FROM Account WHERE Id = '${id('A3')}'`
    expect(querySoql(q, source).records[0]!.Contacts).toBeNull()
    expect(querySoql(q, source, { includeDeleted: true }).records[0]!.Contacts).toMatchObject({
      totalSize: 1,
      records: [{ Name: 'Fay Zeta', IsDeleted: true }],
    })
  })

  it('evaluates date literals on the data source clock', () => {
    const later = createTestDataSource({ now: new Date('2026-03-19T00:00:00.000Z') })
    expect(
      querySoql('SELECT Name FROM Account WHERE CreatedDate = YESTERDAY', later).records.map(
        (row) => row.Name,
      ),
    ).toEqual(['Acme'])
  })

  it('reports the row and column of an error in a multi-line query', () => {
    let thrown: SoqlError | undefined
    try {
      querySoql('SELECT Id,\n  Nope\nFROM Account', source)
    } catch (error) {
      thrown = error as SoqlError
    }
    expect(thrown?.position).toEqual({ row: 2, column: 3, offset: 13 })
    expect(thrown?.message).toBe(
      "\n  Nope\n  ^\nERROR at Row:2:Column:3\nNo such column 'Nope' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.",
    )
    expect(thrown?.detail).toMatch(/^No such column 'Nope'/)
  })

  it('runs one compiled query again and sees the data as it is then', () => {
    const compiled = compileSoql('SELECT Id FROM Account', source)
    expect(selectSoqlValues(compiled, source)).toHaveLength(5)
    expect(selectSoqlValues(compiled, source, { includeDeleted: true })).toHaveLength(6)
  })
})

describe('selectSoqlValues', () => {
  const source = createTestDataSource()
  it('returns the column values of each row, parents read through, in the rows order', () => {
    const query =
      'SELECT Name, Account.Name FROM Contact WHERE Account.Name != null ORDER BY Name DESC LIMIT 2'
    const compiled = compileSoql(query, source)
    const rendered = querySoql(query, source).records
    expect(selectSoqlValues(compiled, source)).toEqual(
      rendered.map((row) => compiled.columns.map((column) => columnValue(row, column))),
    )
  })

  it('returns null for a field along a null parent, and sees the recycle bin with includeDeleted', () => {
    const compiled = compileSoql('SELECT Name, Parent.Name FROM Account WHERE IsDeleted = true', source)
    expect(selectSoqlValues(compiled, source)).toEqual([])
    expect(selectSoqlValues(compiled, source, { includeDeleted: true })).toEqual([['Deleted Co', null]])
  })

  it('errors on a query that is not a records query', () => {
    expect(() => selectSoqlValues(compileSoql('SELECT COUNT() FROM Account', source), source)).toThrow(
      /not a records query/,
    )
  })
})
