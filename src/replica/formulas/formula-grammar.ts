/**
 * @module
 * Formula text to its syntax tree, by the parser peggy generates from formula.peggy (decision
 * 0052). A text that does not parse is answered with the reason and the line and column where
 * the parser stopped.
 */
import type { FormulaNode } from './formula-ast.js'
import { parse, SyntaxError as ParserSyntaxError } from './formula-parser.js'

/** Where in the text a problem is: 1-based line and column. */
export interface TextPosition {
  line: number
  column: number
}

export type ParsedFormula = { tree: FormulaNode } | { error: string; position: TextPosition }

export function parseFormula(text: string): ParsedFormula {
  try {
    return { tree: parse(text) }
  } catch (error) {
    if (!(error instanceof ParserSyntaxError)) throw error
    const { line, column } = error.location.start
    return { error: `syntax error: ${error.message}`, position: { line, column } }
  }
}

/** The line and column of an offset in the formula text. */
export function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}
