/**
 * @module
 * The floor under loading an SFDX project: every `-meta.xml` file of the folder read, checked and
 * parsed by fast-xml-parser with the options the loader uses (src/fixtures/org-schema/read-source-file.ts),
 * and nothing else. What the loader spends above it is its own (mapping, merging, checking).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { PARSER_OPTIONS } from '../../src/fixtures/org-schema/read-source-file.js'

/** Milliseconds to read, validate and parse every XML file under `folder`; and how many there are. */
export function xmlFloor(folder: string): { ms: number; files: number } {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('-meta.xml')) files.push(file)
    }
  }
  const started = performance.now()
  walk(folder)
  const parser = new XMLParser(PARSER_OPTIONS)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    if (XMLValidator.validate(text) !== true) throw new Error(`Failed: ${file} is not well-formed`)
    parser.parse(text)
  }
  return { ms: performance.now() - started, files: files.length }
}
