/**
 * Generates src/replica/formulas/formula-parser.js from the formula grammar (formula.peggy) with
 * peggy (decision 0052): `npm run formula:parser`. The generated parser is committed, so the
 * package runs it without peggy; src/replica/formulas/formula-parser.test.ts fails when the two
 * disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { formulaParserSource, GRAMMAR_FILE, PARSER_FILE } from './formula-parser-source.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const source = formulaParserSource(readFileSync(`${root}/${GRAMMAR_FILE}`, 'utf8'))
writeFileSync(`${root}/${PARSER_FILE}`, source)
console.log(`wrote ${PARSER_FILE}`)
