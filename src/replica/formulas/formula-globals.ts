/**
 * @module
 * The `$` globals whose values are fixed for a schema (decision 0053): `$Label`, `$Api`,
 * `$Profile`, `$UserRole`, `$Organization`, `$Permission`, `$Setup`, `$System` and the `$User`
 * names the User object lacks. Formulas compile once per schema, so each is a constant of the
 * compiled formula, typed by its value (text, number, checkbox) or by the field of that name on the
 * schema's object (`Organization`, a custom setting), blank when not given.
 */
import type { GlobalValue, ObjectDef } from '../../schemas/crm-schema.js'
import { fail, type FormulaSchema } from './function-helpers.js'
import type { Expression, FormulaType } from './formula-types.js'
import { formulaTypeOf } from './formula-values.js'

/** The origin the default `$Api` URLs name: a formula is compiled before any request names a host. */
export const API_PLACEHOLDER_ORIGIN = 'https://replica.invalid'
/** `$Api.Session_ID` unless the schema sets it: a fixed placeholder, never a usable token. */
export const API_PLACEHOLDER_SESSION_ID = '00D000000000000!REPLICA.SESSION.ID'

/** `Partner_Server_URL_600` -> partner SOAP endpoint of API 60.0 (three digits: version x 10). */
const SERVER_URL = /^(partner|enterprise)_server_url_(\d{2,3})$/

/** `$System.OriginDateTime`: the earliest datetime, 1900-01-01T00:00:00Z. */
const ORIGIN_DATETIME = Date.UTC(1900, 0, 1)

/** Globals read through an object of the schema when no value is given. */
const GLOBAL_OBJECTS: ReadonlyMap<string, { key: 'profile' | 'userRole' | 'organization'; object: string }> =
  new Map([
    ['$profile', { key: 'profile', object: 'Profile' }],
    ['$userrole', { key: 'userRole', object: 'UserRole' }],
    ['$organization', { key: 'organization', object: 'Organization' }],
  ])

/** A constant expression of a global, or undefined when `path` is not a fixed global (`$User.Email`). */
export function globalConstant(
  path: readonly string[],
  schema: FormulaSchema,
  at: { at: number },
): Expression | undefined {
  const [head, ...rest] = path
  const kind = head!.toLowerCase()
  const globals = schema.globals
  const name = rest.join('.')
  const single = () => {
    if (rest.length !== 1) fail(`${path.join('.')} is not a field of ${head}`, at)
  }
  switch (kind) {
    case '$label': {
      single()
      const value = valueNamed(globals?.label, name)
      if (value === undefined)
        fail(`no custom label ${name} ($Label.${name}); give it in formulaGlobals.label`, at)
      return constant(value)
    }
    case '$api': {
      single()
      const value = valueNamed(globals?.api, name) ?? apiDefault(name)
      if (value === undefined) fail(`$Api.${name} has no value; give it in formulaGlobals.api`, at)
      return constant(value)
    }
    case '$user': {
      const value = rest.length === 1 ? valueNamed(globals?.user, name) : undefined
      return value === undefined ? undefined : constant(value)
    }
    case '$permission': {
      single()
      return constant(valueNamed(globals?.permission, name) ?? false)
    }
    case '$system': {
      if (name.toLowerCase() !== 'origindatetime')
        fail(`${path.join('.')} is not a global the replica knows`, at)
      return { type: 'datetime', run: () => ORIGIN_DATETIME }
    }
    case '$setup': {
      if (rest.length !== 2)
        fail(`${path.join('.')} is not a custom setting's field ($Setup.Setting__c.Field__c)`, at)
      const [setting, field] = rest as [string, string]
      const values = valueNamed(globals?.setup, setting)
      const value = valueNamed(values, field)
      // a setting with no record (or one of a package the schema lacks) reads blank, as in an org
      return value !== undefined ? constant(value) : (blankOf(schema, setting, field) ?? constant(null))
    }
    default: {
      const global = GLOBAL_OBJECTS.get(kind)
      if (!global) fail(`the global ${head} is not one the replica knows`, at)
      single()
      const value = valueNamed(globals?.[global.key], name)
      if (value !== undefined) return constant(value)
      const blank = blankOf(schema, global.object, name)
      if (!blank) fail(`${head}.${name} has no value; give it in formulaGlobals.${global.key}`, at)
      return blank
    }
  }
}

/** A blank of the type of `object.field` in the schema, if the schema has it. */
function blankOf(schema: FormulaSchema, objectName: string, fieldName: string): Expression | undefined {
  const object: ObjectDef | undefined = schema.findObject(objectName)
  const field = object && schema.findField(object, fieldName)
  const type = field && formulaTypeOf(field.type)
  if (!type) return undefined
  return {
    type,
    run: () => (type === 'text' || type === 'picklist' ? '' : type === 'checkbox' ? false : null),
  }
}

function constant(value: GlobalValue): Expression {
  const type: FormulaType =
    typeof value === 'string'
      ? 'text'
      : typeof value === 'number'
        ? 'number'
        : typeof value === 'boolean'
          ? 'checkbox'
          : 'null'
  return { type, run: () => value }
}

/** The documented default of an `$Api` name, if it has one. */
function apiDefault(name: string): string | undefined {
  const lower = name.toLowerCase()
  if (lower === 'session_id') return API_PLACEHOLDER_SESSION_ID
  const match = SERVER_URL.exec(lower)
  if (!match) return undefined
  const digits = match[2]!
  const version = `${digits.slice(0, -1)}.${digits.slice(-1)}`
  const kind = match[1] === 'partner' ? 'u' : 'c'
  return `${API_PLACEHOLDER_ORIGIN}/services/Soap/${kind}/${version}`
}

/** A value by name, any case (formula names are case-insensitive; the last given wins). */
function valueNamed<T>(values: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  if (!values) return undefined
  const key = Object.keys(values).findLast((candidate) => candidate.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : values[key]
}
