/**
 * @module
 * The floor under loading an SFDX project: every `-meta.xml` file of the folder read and parsed
 * (well-formedness checked in the same pass) by the loader's own XML reader
 * (src/xml/xml-document.ts: saxes building plain values), and nothing else. What the loader
 * spends above it is its own (mapping, merging, checking).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseXmlDocument } from '../../src/xml/xml-document.js'

/** Milliseconds to read and parse every XML file under `folder`; and how many there are. */
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
  for (const file of files) parseXmlDocument(readFileSync(file, 'utf8'))
  return { ms: performance.now() - started, files: files.length }
}
