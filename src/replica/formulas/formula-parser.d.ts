// Types of the generated parser (formula-parser.js, from formula.peggy).
import type { FormulaNode } from './formula-ast.js'

export interface ParserLocation {
  start: { offset: number; line: number; column: number }
  end: { offset: number; line: number; column: number }
}

declare class FormulaSyntaxError extends Error {
  expected: unknown
  found: string | null
  location: ParserLocation
}

export { FormulaSyntaxError as SyntaxError }

export const StartRules: string[]

export function parse(input: string, options?: { grammarSource?: string }): FormulaNode
