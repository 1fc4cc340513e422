/**
 * @module
 * The simple SOSL the replica searches with: `FIND {term} [IN ALL|NAME|EMAIL|PHONE FIELDS]
 * [RETURNING Object[(field, ...)], ...] [LIMIT n]`. Every other clause (WHERE, ORDER BY, LIMIT or
 * OFFSET inside RETURNING, WITH, UPDATE, SIDEBAR FIELDS) and the term operators (AND, OR, AND
 * NOT, quoted phrases, parentheses) fail loudly with FEATURE_NOT_ENABLED; a malformed search is
 * MALFORMED_SEARCH, as in Salesforce.
 * @see https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_sosl_syntax.htm
 */
import { ReplicaError, UnsupportedFeatureError } from '../errors.js'

export type SearchGroup = 'ALL' | 'NAME' | 'EMAIL' | 'PHONE'

export interface SoslReturning {
  object: string
  /** The fields asked for; empty: `Id` only. */
  fields: string[]
}

export interface SoslSearch {
  /** The words of the term, each with `*` / `?` wildcards kept. */
  words: string[]
  group: SearchGroup
  /** Undefined: every searchable object, `Id` only. */
  returning: SoslReturning[] | undefined
  /** At most this many records in all. @default 2000 */
  limit: number
}

export const MAX_SEARCH_LIMIT = 2000

const HEAD = /^\s*FIND\s*\{((?:\\.|[^\\}])*)\}\s*/i
const IN_GROUP = /^IN\s+(\w+)\s+FIELDS\s*/i
const RETURNING = /^RETURNING\s+/i
const OBJECT = /^([A-Za-z][\w]*)\s*(?:\(([^)]*)\))?\s*/
const LIMIT = /^LIMIT\s+(\d+)\s*$/i
const FIELD = /^[A-Za-z][\w.]*$/

function malformed(message: string): ReplicaError {
  return new ReplicaError('MALFORMED_SEARCH', message)
}

export function parseSosl(text: string): SoslSearch {
  const head = HEAD.exec(text)
  if (!head) {
    if (/^\s*FIND\s*'/i.test(text))
      throw malformed('The search term must be in braces in the REST API: FIND {term}')
    throw malformed('No search term found. The search term must be enclosed in braces: FIND {term}')
  }
  const words = termWords(head[1]!)
  let rest = text.slice(head[0].length)
  let group: SearchGroup = 'ALL'
  const inGroup = IN_GROUP.exec(rest)
  if (inGroup) {
    group = searchGroup(inGroup[1]!)
    rest = rest.slice(inGroup[0].length)
  }
  let returning: SoslReturning[] | undefined
  if (RETURNING.test(rest)) {
    rest = rest.slice(RETURNING.exec(rest)![0].length)
    ;({ returning, rest } = returningList(rest))
  }
  let limit = MAX_SEARCH_LIMIT
  if (rest.trim() !== '') {
    const match = LIMIT.exec(rest.trim())
    if (!match) throw unsupportedClause(rest)
    limit = Math.min(Number(match[1]), MAX_SEARCH_LIMIT)
  }
  return { words, group, returning, limit }
}

function termWords(raw: string): string[] {
  const term = raw.replace(/\\(.)/g, '$1').trim()
  if (/["()]/.test(term) || /\s(AND|OR|AND NOT)\s/i.test(` ${term} `)) {
    throw new UnsupportedFeatureError('SOSL search operators (AND, OR, AND NOT, quoted phrases, parentheses)')
  }
  const words = term.split(/\s+/).filter((word) => word !== '')
  if (words.length === 0) throw malformed('No search term found. The search term must be enclosed in braces.')
  if (words.every((word) => word.replace(/[*?]/g, '').length < 2)) {
    throw new ReplicaError('INVALID_SEARCH', 'search term must be longer than one character')
  }
  return words
}

function searchGroup(name: string): SearchGroup {
  const upper = name.toUpperCase()
  if (upper === 'ALL' || upper === 'NAME' || upper === 'EMAIL' || upper === 'PHONE') return upper
  if (upper === 'SIDEBAR') throw new UnsupportedFeatureError('IN SIDEBAR FIELDS')
  throw malformed(`unexpected token: '${name}'. Expected ALL, NAME, EMAIL or PHONE FIELDS`)
}

function returningList(text: string): { returning: SoslReturning[]; rest: string } {
  const returning: SoslReturning[] = []
  let rest = text
  for (;;) {
    const match = OBJECT.exec(rest)
    if (!match) throw malformed(`Failed to read the RETURNING clause at: ${rest.slice(0, 40)}`)
    returning.push({ object: match[1]!, fields: fieldList(match[2]) })
    rest = rest.slice(match[0].length)
    if (!rest.startsWith(',')) return { returning, rest }
    rest = rest.slice(1).trimStart()
  }
}

function fieldList(raw: string | undefined): string[] {
  if (raw === undefined) return []
  if (/\b(WHERE|ORDER\s+BY|LIMIT|OFFSET|USING)\b/i.test(raw)) {
    throw new UnsupportedFeatureError('WHERE, ORDER BY, LIMIT, OFFSET and USING inside RETURNING')
  }
  const fields = raw.split(',').map((field) => field.trim())
  for (const field of fields) {
    if (!FIELD.test(field)) throw malformed(`Failed to read the field list of RETURNING: "${raw.trim()}"`)
  }
  return fields
}

function unsupportedClause(rest: string): ReplicaError {
  const word = /^\s*(WITH|UPDATE|OFFSET|ORDER)\b/i.exec(rest)?.[1]
  if (word) return new UnsupportedFeatureError(`The SOSL ${word.toUpperCase()} clause`)
  return malformed(`unexpected token at: ${rest.trim().slice(0, 40)}`)
}
