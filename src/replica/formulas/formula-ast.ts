/**
 * @module
 * The syntax tree of a Salesforce formula, as the grammar (formula-grammar.ts) builds it. Every
 * node keeps its offset in the formula text, so a type error can say where it is.
 */

/** One step of a field path: `Account__r`, or `Owner:User` (a polymorphic step naming its object). */
export interface PathSegment {
  name: string
  /** The object a polymorphic step names (`User` in `Owner:User`). */
  type?: string
}

export type FormulaNode =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'text'; value: string; at: number }
  | { kind: 'boolean'; value: boolean; at: number }
  | { kind: 'null'; at: number }
  /** A field, a parent path (`Account.Owner.Name`) or a global (`$User.Email`, `$Setup.S__c.F__c`). */
  | { kind: 'field'; path: PathSegment[]; at: number }
  /** A function call; `name` is upper case (formula names are case-insensitive). */
  | { kind: 'call'; name: string; args: FormulaNode[]; at: number }
  | { kind: 'unary'; op: '-' | '+' | '!'; operand: FormulaNode; at: number }
  | { kind: 'binary'; op: BinaryOperator; left: FormulaNode; right: FormulaNode; at: number }

/** Binary operators, the equality forms folded (`==` is `=`, `<>` is `!=`). */
export type BinaryOperator =
  | '+'
  | '-'
  | '*'
  | '/'
  | '^'
  | '&'
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&&'
  | '||'

/** Every field path a formula reads (own fields, parent paths and globals), in the order written. */
export function fieldPathsOf(node: FormulaNode): PathSegment[][] {
  switch (node.kind) {
    case 'field':
      return [node.path]
    case 'call':
      return node.args.flatMap(fieldPathsOf)
    case 'unary':
      return fieldPathsOf(node.operand)
    case 'binary':
      return [...fieldPathsOf(node.left), ...fieldPathsOf(node.right)]
    default:
      return []
  }
}

/** The names of the functions a formula calls (upper case), in the order written. */
export function functionsOf(node: FormulaNode): string[] {
  switch (node.kind) {
    case 'call':
      return [node.name, ...node.args.flatMap(functionsOf)]
    case 'unary':
      return functionsOf(node.operand)
    case 'binary':
      return [...functionsOf(node.left), ...functionsOf(node.right)]
    default:
      return []
  }
}
