/**
 * @module
 * One formula, compiled once: parsed by formulon, its identifiers resolved against the schema
 * (fields of the record, parent paths through relationship names several lookups deep, `$User`),
 * the write functions (ISNEW, ISCHANGED, PRIORVALUE) rewritten, and every function and type
 * checked by evaluating it once on typed sample values. What cannot be evaluated is answered as
 * `{ unsupported: reason }`, never as a formula that silently yields nothing.
 */
import { type FormulonDataType, type FormulonLiteral, parse } from 'formulon'
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'
import {
  CHANGED_PREFIX,
  functionsOf,
  IS_NEW,
  identifiersOf,
  NOW,
  PRIOR_PREFIX,
  parseFormula,
  printFormula,
  rewriteWriteFunctions,
  TODAY,
  REWRITTEN_FUNCTIONS,
  WRITE_FUNCTIONS,
} from './formula-syntax.js'
import { dataTypeOf, type FieldValue, sampleLiteral, toLiteral } from './formula-values.js'

/** A record as formulas read it: field name -> stored value. */
export type FormulaRecord = Readonly<Record<string, FieldValue>>

/** The schema lookups a formula needs (the metadata service answers them). */
export interface FormulaSchema {
  findObject(name: string): ObjectDef | undefined
  findField(object: ObjectDef, name: string): FieldDef | undefined
  /** The reference field behind a parent relationship name (`Account` -> Contact.AccountId). */
  parentRelationship(object: ObjectDef, relationshipName: string): FieldDef | undefined
}

export interface FormulaContext {
  schema: FormulaSchema
  /** The object whose records the formula reads. */
  object: ObjectDef
  /** What the formula must return (`checkbox` for a validation rule). */
  returns: FormulonDataType
  /** ISNEW/ISCHANGED/PRIORVALUE are allowed (validation rules; never in formula fields). */
  readsWrite: boolean
}

/** What an evaluation reads besides the record. */
export interface FormulaEnv {
  /** A record by id (a parent of a path). */
  record(id: string): FormulaRecord | undefined
  /** A field's value as a caller sees it (formula fields computed). */
  value(object: ObjectDef, field: FieldDef, record: FormulaRecord): FieldValue
  /** The record before the write (update); none on create and on reads. */
  prior?: FormulaRecord | undefined
  /** The User record the caller acts as (`$User`), when known. */
  user?: FormulaRecord | undefined
  /** The mock clock's time (TODAY, NOW). */
  now(): Date
}

/** A formula's typed result (formulon's literal; restated so the package's types need no formulon types). */
export interface FormulaLiteral {
  value: unknown
  dataType: string
}

export type FormulaResult = { literal: FormulaLiteral } | { error: string }

export interface CompiledFormula {
  /** The formula as formulon evaluates it (write functions rewritten). */
  readonly text: string
  evaluate(record: FormulaRecord, env: FormulaEnv): FormulaResult
}

/** How an identifier gets its value: a path of reference fields from a start record, then a field. */
interface Reader {
  name: string
  from: 'record' | 'prior' | 'changed' | 'user' | 'isNew' | 'today' | 'now'
  steps: FieldDef[]
  objects: ObjectDef[]
  field: FieldDef | undefined
}

export function compileFormula(
  text: string,
  context: FormulaContext,
): CompiledFormula | { unsupported: string } {
  try {
    return compile(text, context)
  } catch (error) {
    return { unsupported: error instanceof Error ? error.message : String(error) }
  }
}

function compile(text: string, context: FormulaContext): CompiledFormula {
  const parsed = parseFormula(text)
  if ('error' in parsed) throw new Error(`formulon cannot parse it (${parsed.error})`)
  if (!context.readsWrite) {
    const used = functionsOf(parsed.tree).filter((name) => WRITE_FUNCTIONS.includes(name))
    if (used.length > 0) throw new Error(`${used[0]!.toUpperCase()}() is for validation rules only`)
  }
  const tree = rewriteWriteFunctions(parsed.tree)
  const readers = identifiersOf(tree).map((name) => readerOf(name, context))
  // formulon parses the text on every evaluation: the author's text parses several times faster
  // than the printed tree (which parenthesises every operation), so it is kept when nothing was rewritten
  const rewritten = functionsOf(parsed.tree).some((name) => REWRITTEN_FUNCTIONS.includes(name))
  const printed = rewritten ? printFormula(tree) : text.trim()
  const samples: Record<string, FormulonLiteral> = {}
  for (const reader of readers) {
    samples[reader.name] =
      reader.from === 'today' || reader.from === 'now'
        ? clockLiteral(reader.from, new Date(0))
        : reader.field && reader.from !== 'changed'
          ? sampleLiteral(reader.field)
          : { type: 'literal', dataType: 'checkbox', value: false, options: {} }
  }
  const probe = parse(printed, samples)
  if (probe.type === 'error') throw new Error(`${probe.errorType}: ${probe.message}`)
  if (probe.dataType !== context.returns && probe.dataType !== 'null') {
    throw new Error(`it returns ${probe.dataType}, not ${context.returns}`)
  }
  return {
    text: printed,
    evaluate(record, env) {
      const values: Record<string, FormulonLiteral> = {}
      for (const reader of readers) values[reader.name] = read(reader, record, env)
      const result = parse(printed, values)
      return result.type === 'error'
        ? { error: `${result.errorType}: ${result.message}` }
        : { literal: result }
    },
  }
}

function readerOf(name: string, context: FormulaContext): Reader {
  if (name === IS_NEW) return { name, from: 'isNew', steps: [], objects: [], field: undefined }
  if (name === TODAY || name === NOW) {
    return { name, from: name === TODAY ? 'today' : 'now', steps: [], objects: [], field: undefined }
  }
  for (const [prefix, from] of [
    [PRIOR_PREFIX, 'prior'],
    [CHANGED_PREFIX, 'changed'],
  ] as const) {
    if (name.startsWith(prefix)) {
      const field = ownField(context, name.slice(prefix.length))
      return { name, from, steps: [], objects: [context.object], field }
    }
  }
  const segments = name.split('.')
  let from: Reader['from'] = 'record'
  let object = context.object
  if (segments[0]!.startsWith('$')) {
    if (segments[0]!.toLowerCase() !== '$user') {
      throw new Error(`the global ${segments[0]} is not evaluated by the replica`)
    }
    const user = context.schema.findObject('User')
    if (!user) throw new Error('$User needs a User object in the schema')
    from = 'user'
    object = user
    segments.shift()
  }
  const steps: FieldDef[] = []
  const objects: ObjectDef[] = [object]
  for (const segment of segments.slice(0, -1)) {
    const reference = context.schema.parentRelationship(object, segment)
    if (!reference) throw new Error(`${object.name} has no parent relationship ${segment} (in ${name})`)
    if (reference.referenceTo.length !== 1) {
      throw new Error(`${object.name}.${segment} is polymorphic; formulon cannot parse the TYPE:Object form`)
    }
    const parent = context.schema.findObject(reference.referenceTo[0]!)
    if (!parent) throw new Error(`${object.name}.${segment} refers to no known object`)
    steps.push(reference)
    objects.push(parent)
    object = parent
  }
  const last = segments.at(-1) ?? ''
  const field = context.schema.findField(object, last)
  if (!field) throw new Error(`${object.name} has no field ${last} (in ${name})`)
  if (dataTypeOf(field.type) === undefined) throw new Error(`a ${field.type} field (${name}) cannot be read`)
  return { name, from, steps, objects, field }
}

function ownField(context: FormulaContext, name: string): FieldDef {
  const field = context.schema.findField(context.object, name)
  if (!field) throw new Error(`${context.object.name} has no field ${name}`)
  return field
}

/** TODAY (the UTC date) or NOW on the given time. */
function clockLiteral(from: 'today' | 'now', now: Date): FormulonLiteral {
  if (from === 'now') return { type: 'literal', dataType: 'datetime', value: now, options: {} }
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return { type: 'literal', dataType: 'date', value: today, options: {} }
}

function read(reader: Reader, record: FormulaRecord, env: FormulaEnv): FormulonLiteral {
  const { field } = reader
  if (reader.from === 'today' || reader.from === 'now') return clockLiteral(reader.from, env.now())
  if (reader.from === 'isNew' || reader.from === 'changed') {
    const value =
      reader.from === 'isNew'
        ? env.prior === undefined
        : env.prior !== undefined && !sameValue(valueOn(reader, env.prior, env), valueOn(reader, record, env))
    return { type: 'literal', dataType: 'checkbox', value, options: {} }
  }
  // PRIORVALUE on create is the value being written, as in Salesforce
  const start = reader.from === 'prior' ? (env.prior ?? record) : reader.from === 'user' ? env.user : record
  return toLiteral(field!, start === undefined ? null : valueOn(reader, start, env))
}

/** The value at the end of the reader's path from `start` (null when a reference is blank). */
function valueOn(reader: Reader, start: FormulaRecord, env: FormulaEnv): FieldValue {
  let current: FormulaRecord | undefined = start
  for (const step of reader.steps) {
    const id: FieldValue | undefined = current[step.name]
    current = typeof id === 'string' ? env.record(id) : undefined
    if (!current) return null
  }
  return env.value(reader.objects.at(-1)!, reader.field!, current)
}

function sameValue(a: FieldValue, b: FieldValue): boolean {
  return (a ?? null) === (b ?? null)
}
