/**
 * @module
 * The types a formula's expressions have, and the values they evaluate to. Types are checked
 * once, when the formula compiles; a compiled expression is a closure over an evaluation scope.
 * Values while evaluating:
 * - number (number, currency, percent; a percent as a fraction, 75% is 0.75): a JS number or null;
 * - text and picklist: a string, `""` when blank (Salesforce's formulas see blank text as empty);
 * - multipicklist: the selected values;
 * - checkbox: true, false, or null for an unknown truth (a comparison with a blank), which IF
 *   takes as false and a validation rule does not fire on;
 * - date: milliseconds of UTC midnight; datetime: milliseconds; time: milliseconds from midnight;
 *   each null when blank;
 * - geolocation: latitude and longitude, or null;
 * - the type `null` is NULL's (a blank of no type yet): it fits wherever any type does.
 */
import type { FieldDef, ObjectDef } from '../../schemas/crm-schema.js'

export type FormulaType =
  | 'number'
  | 'text'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'time'
  | 'picklist'
  | 'multipicklist'
  | 'geolocation'
  | 'null'

export interface GeoPoint {
  latitude: number
  longitude: number
}

export type FormulaValue = number | string | boolean | readonly string[] | GeoPoint | null

/** A stored field value (the record store's `FieldValue`; restated: the store builds on this module). */
export type FieldValue = string | number | boolean | null

/** A record as formulas read it: field name -> stored value. */
export type FormulaRecord = Readonly<Record<string, FieldValue>>

/** What an evaluation reads besides the record. */
export interface FormulaEnv {
  /** A record by id (a parent of a path). */
  record(id: string): FormulaRecord | undefined
  /** A field's value as a caller sees it (formula and roll-up fields computed). */
  value(object: ObjectDef, field: FieldDef, record: FormulaRecord): FieldValue
  /** The record before the write (update); none on create and on reads. */
  prior?: FormulaRecord | undefined
  /** The User record the caller acts as (`$User`), when known. */
  user?: FormulaRecord | undefined
  /** The mock clock's time (TODAY, NOW, TIMENOW). */
  now(): Date
}

/** What a compiled expression evaluates in: the record and what else it reads. */
export interface Scope {
  readonly record: FormulaRecord
  readonly env: FormulaEnv
}

export type Evaluate = (scope: Scope) => FormulaValue

/** An expression, type-checked and compiled. */
export interface Expression {
  type: FormulaType
  run: Evaluate
  /** Set when the expression is a field of the record itself (what ISCHANGED and PRIORVALUE take). */
  ownField?: FieldDef
}

/** A formula that cannot compile: the reason, and the offset in the text it points at. */
export class FormulaCompileError extends Error {
  override name = 'FormulaCompileError'
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message)
  }
}

/** A formula that fails while evaluating (a division by zero, VALUE of a word). */
export class FormulaEvalError extends Error {
  override name = 'FormulaEvalError'
}

/** `a` when `b` fits it (NULL fits everything), or `b` when `a` is NULL; undefined when they differ. */
export function unify(a: FormulaType, b: FormulaType): FormulaType | undefined {
  if (a === b || b === 'null') return a
  if (a === 'null') return b
  return undefined
}

/** Salesforce's names of the types, as its error messages write them. */
export function typeName(type: FormulaType): string {
  switch (type) {
    case 'datetime':
      return 'DateTime'
    case 'multipicklist':
      return 'Multi-Select Picklist'
    case 'null':
      return 'Null'
    default:
      return type[0]!.toUpperCase() + type.slice(1)
  }
}

/** True for a value the formula sees as blank (ISBLANK): null, `""`, no values selected. */
export function isBlankValue(value: FormulaValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0)
}
