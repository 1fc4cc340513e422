/**
 * @module
 * The formula globals whose values are fixed for a schema: `$Label.<Name>` (the schema's custom
 * labels) and `$Api.<Name>` (the schema's values over documented defaults). Formulas are compiled
 * once per schema, so these values are constants of the compiled formula; a name with no value
 * fails the load rather than evaluating to blank.
 */
import type { FormulonLiteral } from 'formulon'
import type { FormulaGlobals } from '../../schemas/crm-schema.js'

/** The origin the default `$Api` URLs name: a formula is compiled before any request names a host. */
export const API_PLACEHOLDER_ORIGIN = 'https://replica.invalid'
/** `$Api.Session_ID` unless the schema sets it: a fixed placeholder, never a usable token. */
export const API_PLACEHOLDER_SESSION_ID = '00D000000000000!REPLICA.SESSION.ID'

/** `Partner_Server_URL_600` -> partner SOAP endpoint of API 60.0 (three digits: version x 10). */
const SERVER_URL = /^(partner|enterprise)_server_url_(\d{2,3})$/

/** The value of `$Label.<name>` or `$Api.<name>` (global given with its `$`), or throws the reason. */
export function globalLiteral(
  global: string,
  name: string,
  globals: FormulaGlobals | undefined,
): FormulonLiteral {
  const kind = global.toLowerCase()
  if (kind === '$label') {
    const value = valueNamed(globals?.label, name)
    if (value === undefined) {
      throw new Error(`no custom label ${name} ($Label.${name}); give it in formulaGlobals.label`)
    }
    return text(value)
  }
  if (kind === '$api') {
    const value = valueNamed(globals?.api, name) ?? apiDefault(name)
    if (value === undefined) throw new Error(`$Api.${name} has no value; give it in formulaGlobals.api`)
    return text(value)
  }
  throw new Error(`the global ${global} is not evaluated by the replica`)
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
function valueNamed(values: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (!values) return undefined
  const key = Object.keys(values).findLast((candidate) => candidate.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : values[key]
}

function text(value: string): FormulonLiteral {
  return { type: 'literal', dataType: 'text', value, options: { length: value.length } }
}
