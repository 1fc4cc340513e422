/**
 * @module
 * A formula's syntax tree (from formulon's parser) and its text again. The replica rewrites the
 * tree before formulon evaluates it: the functions formulon lacks that read the write itself
 * (ISNEW, ISCHANGED, PRIORVALUE), and TODAY/NOW (formulon reads the machine's clock, the replica
 * answers on the mock clock), become identifiers the replica fills in; ISNUMBER (which formulon
 * lists but has not implemented) becomes REGEX on Salesforce's number form. formulon evaluates
 * text only, so the rewritten tree is printed back, once, when the formula is compiled.
 */
import type { FormulonNode } from 'formulon'
import { loadFormulon } from './load-formulon.js'

/** The identifier ISNEW() becomes. */
export const IS_NEW = '$Replica.IsNew'
/** The identifier prefix PRIORVALUE(field) becomes (`$Replica.Prior.` + field). */
export const PRIOR_PREFIX = '$Replica.Prior.'
/** The identifier prefix ISCHANGED(field) becomes. */
export const CHANGED_PREFIX = '$Replica.Changed.'
/** The identifiers TODAY() and NOW() become. */
export const TODAY = '$Replica.Today'
export const NOW = '$Replica.Now'
/** The identifier TIMENOW() becomes. */
export const TIME_NOW = '$Replica.TimeNow'

/** The clock functions and the identifiers they become (a Map: `constructor()` finds nothing). */
const CLOCK_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ['today', TODAY],
  ['now', NOW],
  ['timenow', TIME_NOW],
])

/** The functions that read the write, not a record: validation rules only. */
export const WRITE_FUNCTIONS = ['isnew', 'ischanged', 'priorvalue']

/** The functions `rewriteWriteFunctions` replaces. */
export const REWRITTEN_FUNCTIONS = [...WRITE_FUNCTIONS, 'today', 'now', 'timenow', 'isnumber']

/**
 * The text ISNUMBER is true for: an optional sign, digits with an optional decimal part (or a
 * decimal part alone), an optional exponent (`2E2`, as Salesforce's ISNUMBER accepts scientific
 * form). No spaces, no group separators, never blank. formulon's strings hold no backslash.
 */
export const NUMBER_PATTERN = '[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?'

/** The operators formulon's parser turns into named calls, back as infix text. */
const INFIX: Readonly<Record<string, string>> = {
  add: '+',
  subtract: '-',
  multiply: '*',
  divide: '/',
  exponentiate: '^',
  equal: '=',
  unequal: '<>',
  lessThan: '<',
  lessThanOrEqual: '<=',
  greaterThan: '>',
  greaterThanOrEqual: '>=',
}

/** The parsed formula, or the reason it does not parse. */
export function parseFormula(text: string): { tree: FormulonNode } | { error: string } {
  const tree = loadFormulon().ast(text)
  if (tree.type === 'error') return { error: `${tree.errorType}: ${tree.message}` }
  if (!('type' in tree)) return { error: 'the formula is empty' }
  return { tree }
}

/**
 * Replaces ISNEW(), ISCHANGED(field), PRIORVALUE(field), TODAY(), NOW() and TIMENOW() with identifiers, and
 * ISNUMBER(text) with REGEX(text, NUMBER_PATTERN); throws the reason when one is used in a way
 * the replica cannot evaluate (an argument that is not a field of the record).
 */
export function rewriteWriteFunctions(node: FormulonNode): FormulonNode {
  if (node.type !== 'callExpression') return node
  const clock = CLOCK_FUNCTIONS.get(node.id)
  if (clock !== undefined && node.arguments.length === 0) return { type: 'identifier', name: clock }
  if (node.id === 'isnew') {
    if (node.arguments.length !== 0) throw new Error('ISNEW() takes no argument')
    return { type: 'identifier', name: IS_NEW }
  }
  if (node.id === 'ischanged' || node.id === 'priorvalue') {
    const [field] = node.arguments
    if (node.arguments.length !== 1 || field?.type !== 'identifier' || field.name.includes('.')) {
      throw new Error(`${node.id.toUpperCase()}() takes one field of the record itself`)
    }
    const prefix = node.id === 'ischanged' ? CHANGED_PREFIX : PRIOR_PREFIX
    return { type: 'identifier', name: prefix + field.name }
  }
  const args = node.arguments.map(rewriteWriteFunctions)
  // with another number of arguments, formulon's own check names the error
  if (node.id === 'isnumber' && args.length === 1) {
    const pattern = { type: 'literal', dataType: 'text', value: NUMBER_PATTERN, options: {} } as const
    return { type: 'callExpression', id: 'regex', arguments: [args[0]!, pattern] }
  }
  return { ...node, arguments: args }
}

/** The names of the functions a tree calls (lower case, each once). */
export function functionsOf(node: FormulonNode, out: string[] = []): string[] {
  if (node.type !== 'callExpression') return out
  if (!out.includes(node.id)) out.push(node.id)
  for (const arg of node.arguments) functionsOf(arg, out)
  return out
}

/** The identifiers of a tree (each once, first use first). */
export function identifiersOf(node: FormulonNode, out: string[] = []): string[] {
  if (node.type === 'identifier' && !out.includes(node.name)) out.push(node.name)
  if (node.type === 'callExpression') for (const arg of node.arguments) identifiersOf(arg, out)
  return out
}

/** Formula text that parses to `node` (every operation parenthesised). */
export function printFormula(node: FormulonNode): string {
  switch (node.type) {
    case 'identifier':
      return node.name
    case 'literal':
      return printLiteral(node.value, node.dataType)
    case 'callExpression': {
      const args = node.arguments.map(printFormula)
      const infix = INFIX[node.id]
      if (infix !== undefined && args.length === 2) return `(${args[0]} ${infix} ${args[1]})`
      return `${node.id.toUpperCase()}(${args.join(', ')})`
    }
    default:
      throw new Error(`${node.errorType}: ${node.message}`)
  }
}

function printLiteral(value: unknown, dataType: string): string {
  if (dataType === 'null' || value === null) return 'NULL'
  if (dataType === 'checkbox') return value ? 'TRUE' : 'FALSE'
  if (dataType === 'number') return Number(value) < 0 ? `(${String(value)})` : String(value)
  if (dataType === 'text') {
    const text = String(value)
    // formulon's parser reads no escapes, so a text holds one kind of quote at most
    return text.includes('"') ? `'${text}'` : `"${text}"`
  }
  throw new Error(`a ${dataType} literal cannot be written as formula text`)
}
