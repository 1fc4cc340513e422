/**
 * @module
 * The words the SOQL parser treats specially: aggregate functions, Salesforce functions it refuses
 * by name, words never taken as an alias and words that never start a field path. Data only.
 */

export const AGGREGATES = new Set<string>(['COUNT', 'COUNT_DISTINCT', 'SUM', 'AVG', 'MIN', 'MAX'])

// Salesforce functions the replica knows about but does not emulate: rejected by name.
export const UNSUPPORTED_FUNCTIONS = new Set([
  'TOLABEL',
  'FORMAT',
  'CONVERTCURRENCY',
  'CONVERTTIMEZONE',
  'CALENDAR_MONTH',
  'CALENDAR_QUARTER',
  'CALENDAR_YEAR',
  'DAY_IN_MONTH',
  'DAY_IN_WEEK',
  'DAY_IN_YEAR',
  'DAY_ONLY',
  'FISCAL_MONTH',
  'FISCAL_QUARTER',
  'FISCAL_YEAR',
  'HOUR_IN_DAY',
  'WEEK_IN_MONTH',
  'WEEK_IN_YEAR',
  'GROUPING',
  'DISTANCE',
  'GEOLOCATION',
])

// Words that end an item or start a clause, so they are never taken as an alias.
export const RESERVED = new Set([
  'AND',
  'ASC',
  'BY',
  'CUBE',
  'DESC',
  'ELSE',
  'END',
  'EXCLUDES',
  'FALSE',
  'FIRST',
  'FOR',
  'FROM',
  'GROUP',
  'HAVING',
  'IN',
  'INCLUDES',
  'LAST',
  'LIKE',
  'LIMIT',
  'NOT',
  'NULL',
  'NULLS',
  'OFFSET',
  'OR',
  'ORDER',
  'ROLLUP',
  'SELECT',
  'THEN',
  'TRUE',
  'TYPEOF',
  'UPDATE',
  'USING',
  'WHEN',
  'WHERE',
  'WITH',
])

// Words that can never start a field path (so `SELECT Id, FROM Account` fails at FROM, like Salesforce).
export const NOT_A_FIELD = new Set([
  'AND',
  'ASC',
  'DESC',
  'EXCLUDES',
  'FALSE',
  'FROM',
  'HAVING',
  'IN',
  'INCLUDES',
  'LIKE',
  'LIMIT',
  'NOT',
  'NULL',
  'NULLS',
  'OFFSET',
  'OR',
  'SELECT',
  'TRUE',
  'USING',
  'WHERE',
  'WITH',
])
