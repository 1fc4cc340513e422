/**
 * Typings of the `formulon` package (it ships none): the three functions the replica uses.
 * @see https://github.com/leifg/formulon#usage
 */
declare module 'formulon' {
  export type FormulonDataType =
    | 'number'
    | 'text'
    | 'checkbox'
    | 'date'
    | 'time'
    | 'datetime'
    | 'geolocation'
    | 'picklist'
    | 'multipicklist'
    | 'null'

  export interface FormulonLiteral {
    type: 'literal'
    value: unknown
    dataType: FormulonDataType
    options?: Record<string, unknown>
  }

  export interface FormulonError {
    type: 'error'
    errorType: string
    message: string
    [key: string]: unknown
  }

  export interface FormulonCall {
    type: 'callExpression'
    id: string
    arguments: FormulonNode[]
  }

  export interface FormulonIdentifier {
    type: 'identifier'
    name: string
  }

  export type FormulonNode = FormulonLiteral | FormulonCall | FormulonIdentifier | FormulonError

  /** Evaluates a formula, identifiers replaced by `substitutions`. */
  export function parse(
    formula: string,
    substitutions?: Record<string, FormulonLiteral>,
  ): FormulonLiteral | FormulonError
  /** The syntax tree (an `error` node for a syntax error). */
  export function ast(formula: string): FormulonNode
  /** The identifiers a formula names. */
  export function extract(formula: string): string[]
}
