import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { formulaParserSource, GRAMMAR_FILE, PARSER_FILE } from '../../../scripts/formula-parser-source.js'

it('commits the parser peggy generates from the grammar (npm run formula:parser after editing formula.peggy)', () => {
  const root = new URL('../../../', import.meta.url)
  const grammar = readFileSync(new URL(GRAMMAR_FILE, root), 'utf8')
  expect(readFileSync(new URL(PARSER_FILE, root), 'utf8')).toBe(formulaParserSource(grammar))
})
