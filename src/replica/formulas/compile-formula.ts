/**
 * @module
 * One formula, compiled once: parsed by formulon, its identifiers resolved against the schema
 * (fields of the record, parent paths through relationship names several lookups deep, the
 * polymorphic `Owner:User.Name`, `$User`, `$Label`, `$Api`), comments removed, the write functions
 * (ISNEW, ISCHANGED, PRIORVALUE), TODAY, NOW, TIMENOW and ISNUMBER rewritten, and every function and type
 * checked by evaluating it once on typed sample values. What cannot be evaluated is answered as
 * `{ unsupported: reason }`, never as a formula that silently yields nothing.
 */
import type { FormulonDataType, FormulonLiteral } from 'formulon'
import type { FieldDef, FormulaGlobals, ObjectDef } from '../../schemas/crm-schema.js'
import { globalLiteral } from './formula-globals.js'
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
  TIME_NOW,
  TODAY,
  REWRITTEN_FUNCTIONS,
  WRITE_FUNCTIONS,
} from './formula-syntax.js'
import { preparseFormula, TYPE_SEPARATOR } from './formula-text.js'
import { dataTypeOf, type FieldValue, sampleLiteral, toLiteral } from './formula-values.js'
import { loadFormulon } from './load-formulon.js'

/** A record as formulas read it: field name -> stored value. */
export type FormulaRecord = Readonly<Record<string, FieldValue>>

/** The schema lookups a formula needs (the metadata service answers them). */
export interface FormulaSchema {
  findObject(name: string): ObjectDef | undefined
  findField(object: ObjectDef, name: string): FieldDef | undefined
  /** The reference field behind a parent relationship name (`Account` -> Contact.AccountId). */
  parentRelationship(object: ObjectDef, relationshipName: string): FieldDef | undefined
  /** `$Label` and `$Api` values of the schema. */
  globals?: FormulaGlobals | undefined
}

export interface FormulaContext {
  schema: FormulaSchema
  /** The object whose records the formula reads. */
  object: ObjectDef
  /** What the formula must return (`checkbox` for a validation rule). */
  returns: FormulonDataType
  /** ISNEW/ISCHANGED/PRIORVALUE are allowed (validation rules; never in formula fields). */
  readsWrite: boolean
  /** The record's fields may be read (not in a default value, which exists before the record). */
  readsRecord?: boolean
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

/** What the mock clock answers: TODAY(), NOW(), TIMENOW(). */
type Clock = 'today' | 'now' | 'timeNow'
// a Map: a formula's identifier (`constructor`, `toString`) must never find an Object property
const CLOCKS: ReadonlyMap<string, Clock> = new Map([
  [TODAY, 'today'],
  [NOW, 'now'],
  [TIME_NOW, 'timeNow'],
])
const CLOCK_READERS: ReadonlySet<Reader['from']> = new Set(CLOCKS.values())

/** How an identifier gets its value: a path of reference fields from a start record, then a field. */
interface Reader {
  name: string
  from: 'record' | 'prior' | 'changed' | 'user' | 'isNew' | Clock | 'constant'
  steps: FieldDef[]
  objects: ObjectDef[]
  /** Per step: the step names its object (`Owner:User`), so a parent of another object reads blank. */
  typed: boolean[]
  field: FieldDef | undefined
  /** The value of a `constant` reader ($Label, $Api). */
  constant?: FormulonLiteral
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
  const source = preparseFormula(text)
  if ('error' in source) throw new Error(`formulon cannot parse it (${source.error})`)
  const parsed = parseFormula(source.text)
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
  const printed = rewritten ? printFormula(tree) : source.text.trim()
  const samples: Record<string, FormulonLiteral> = {}
  for (const reader of readers) {
    samples[reader.name] =
      reader.constant !== undefined
        ? reader.constant
        : isClock(reader.from)
          ? clockLiteral(reader.from, new Date(0))
          : reader.field && reader.from !== 'changed'
            ? sampleLiteral(reader.field)
            : { type: 'literal', dataType: 'checkbox', value: false, options: {} }
  }
  const { parse } = loadFormulon()
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
      let result: ReturnType<typeof parse>
      try {
        result = parse(printed, values)
      } catch (error) {
        // some formulon functions throw on a blank argument (ADDMONTHS of a blank date)
        return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
      }
      return result.type === 'error'
        ? { error: `${result.errorType}: ${result.message}` }
        : { literal: result }
    },
  }
}

function readerOf(name: string, context: FormulaContext): Reader {
  if (name === IS_NEW) return { name, from: 'isNew', steps: [], objects: [], typed: [], field: undefined }
  const clock = CLOCKS.get(name)
  if (clock !== undefined) return { name, from: clock, steps: [], objects: [], typed: [], field: undefined }
  for (const [prefix, from] of [
    [PRIOR_PREFIX, 'prior'],
    [CHANGED_PREFIX, 'changed'],
  ] as const) {
    if (name.startsWith(prefix)) {
      const field = ownField(context, name.slice(prefix.length))
      return { name, from, steps: [], objects: [context.object], typed: [], field }
    }
  }
  const segments = name.split('.')
  let from: Reader['from'] = 'record'
  let object = context.object
  if (segments[0]!.startsWith('$')) {
    if (segments[0]!.toLowerCase() !== '$user') {
      if (segments.length !== 2) throw new Error(`${name} is not a global the replica evaluates`)
      const constant = globalLiteral(segments[0]!, segments[1]!, context.schema.globals)
      return { name, from: 'constant', steps: [], objects: [], typed: [], field: undefined, constant }
    }
    const user = context.schema.findObject('User')
    if (!user) throw new Error('$User needs a User object in the schema')
    from = 'user'
    object = user
    segments.shift()
  }
  const steps: FieldDef[] = []
  const objects: ObjectDef[] = [object]
  const typed: boolean[] = []
  for (const segment of segments.slice(0, -1)) {
    // `Owner$User` is `Owner:User` as formula-text rewrote it
    const [relationship, type, ...rest] = segment.split(TYPE_SEPARATOR)
    const reference = context.schema.parentRelationship(object, relationship!)
    if (!reference || rest.length > 0) {
      throw new Error(`${object.name} has no parent relationship ${relationship} (in ${name})`)
    }
    const target =
      type === undefined
        ? reference.referenceTo.length === 1
          ? reference.referenceTo[0]!
          : undefined
        : reference.referenceTo.find((to) => to.toLowerCase() === type.toLowerCase())
    if (target === undefined) {
      throw new Error(
        type === undefined
          ? `${object.name}.${relationship} is polymorphic; name the object, as ${relationship}:${reference.referenceTo[0]}.Field`
          : `${object.name}.${relationship} cannot point to ${type}`,
      )
    }
    const parent = context.schema.findObject(target)
    if (!parent) throw new Error(`${object.name}.${relationship} refers to no known object ${target}`)
    steps.push(reference)
    objects.push(parent)
    typed.push(type !== undefined)
    object = parent
  }
  if (from === 'record' && context.readsRecord === false) {
    throw new Error(`a default value cannot read the record's field ${name}`)
  }
  const last = segments.at(-1) ?? ''
  const field = context.schema.findField(object, last)
  if (!field) throw new Error(`${object.name} has no field ${last} (in ${name})`)
  if (dataTypeOf(field.type) === undefined) throw new Error(`a ${field.type} field (${name}) cannot be read`)
  return { name, from, steps, objects, typed, field }
}

function ownField(context: FormulaContext, name: string): FieldDef {
  const field = context.schema.findField(context.object, name)
  if (!field) throw new Error(`${context.object.name} has no field ${name}`)
  return field
}

function isClock(from: Reader['from']): from is Clock {
  return CLOCK_READERS.has(from)
}

/** TODAY (the UTC date), NOW, or TIMENOW (the UTC time of day) on the given time. */
function clockLiteral(from: Clock, now: Date): FormulonLiteral {
  if (from === 'now') return { type: 'literal', dataType: 'datetime', value: now, options: {} }
  if (from === 'timeNow') {
    // formulon's time: milliseconds from midnight as a date on 1970-01-01 UTC
    return { type: 'literal', dataType: 'time', value: new Date(now.getTime() % 86_400_000), options: {} }
  }
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return { type: 'literal', dataType: 'date', value: today, options: {} }
}

function read(reader: Reader, record: FormulaRecord, env: FormulaEnv): FormulonLiteral {
  const { field } = reader
  if (reader.constant !== undefined) return reader.constant
  if (isClock(reader.from)) return clockLiteral(reader.from, env.now())
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
  for (const [index, step] of reader.steps.entries()) {
    const id: FieldValue | undefined = current[step.name]
    // a typed step (`Owner:User`) reads blank when the reference points to another object
    const other: boolean =
      reader.typed[index] === true &&
      typeof id === 'string' &&
      !id.startsWith(reader.objects[index + 1]!.keyPrefix)
    current = typeof id === 'string' && !other ? env.record(id) : undefined
    if (!current) return null
  }
  return env.value(reader.objects.at(-1)!, reader.field!, current)
}

function sameValue(a: FieldValue, b: FieldValue): boolean {
  return (a ?? null) === (b ?? null)
}
