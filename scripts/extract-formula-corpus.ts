/**
 * Regenerates test/corpus/<project>/ from public Salesforce projects' git repositories (decision
 * 0052): `npx tsx scripts/extract-formula-corpus.ts <project>=<git dir> ...` (a bare mirror or a
 * clone; HEAD is read). For each project it writes
 * - `items.json`: every formula field, default value and validation rule of its package
 *   directories, with its object, type, file and line in the repository, and its text;
 * - `source/`: an SFDX project (source format) holding the object files those items need: each
 *   item's field or rule, the fields their formulas name, object definitions, the global value sets
 *   and custom labels they use. A project in the Metadata API format (`objects/X.object`) is
 *   written in source format;
 * - `LICENSE` (the project's) and `source.json` (repository, commit, license).
 * `dependencies.json` beside them is written by hand: the standard objects and the managed
 * packages' fields the items read that the project itself does not define.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { lineOf, parseXmlDocument, type XmlNode, type XmlValue } from '../src/xml/xml-document.js'
import type { CorpusItem } from '../test/corpus/corpus-schema.js'

interface Project {
  key: string
  repository: string
  license: string
}

const PROJECTS: Record<string, Project> = {
  npsp: { key: 'npsp', repository: 'https://github.com/SalesforceFoundation/NPSP', license: 'BSD-3-Clause' },
  eda: { key: 'eda', repository: 'https://github.com/SalesforceFoundation/EDA', license: 'BSD-3-Clause' },
  'outbound-funds': {
    key: 'outbound-funds',
    repository: 'https://github.com/SalesforceFoundation/OutboundFundsModule',
    license: 'BSD-3-Clause',
  },
  volunteers: {
    key: 'volunteers',
    repository: 'https://github.com/SalesforceFoundation/Volunteers-for-Salesforce',
    license: 'BSD-3-Clause',
  },
}

const ROOT = path.resolve(import.meta.dirname, '..')
const NS = 'http://soap.sforce.com/2006/04/metadata'

/** One object's metadata as read: its definition, fields and rules, each with its file. */
interface ObjectFiles {
  name: string
  definition?: XmlNode
  fields: { name: string; node: XmlNode; file: string; line: (key: string) => number }[]
  rules: { name: string; node: XmlNode; file: string; line: (key: string) => number }[]
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { maxBuffer: 1 << 28 }).toString()
}

function text(node: XmlNode, key: string): string | undefined {
  const value = node[key]
  return typeof value === 'string' ? value : undefined
}

function packageDirectories(dir: string, files: string[]): string[] {
  if (!files.includes('sfdx-project.json')) return ['src']
  const project = JSON.parse(git(dir, 'show', 'HEAD:sfdx-project.json')) as {
    packageDirectories: { path: string }[]
  }
  return project.packageDirectories.map((entry) => entry.path.replace(/\/$/, ''))
}

function readObjects(dir: string, files: string[], roots: string[]): Map<string, ObjectFiles> {
  const objects = new Map<string, ObjectFiles>()
  const objectOf = (name: string) => {
    const found = objects.get(name) ?? { name, fields: [], rules: [] }
    objects.set(name, found)
    return found
  }
  const inRoots = (file: string) => roots.some((root) => file.startsWith(`${root}/`))
  for (const file of files.filter(inRoots)) {
    const parts = file.split('/')
    const at = parts.lastIndexOf('objects')
    if (at === -1) continue
    const read = () => parseXmlDocument(git(dir, 'show', `HEAD:${file}`))
    if (file.endsWith('.object')) {
      const root = read().CustomObject as XmlNode
      const object = objectOf(path.basename(file, '.object'))
      object.definition = root
      for (const field of list(root.fields)) {
        object.fields.push({
          name: text(field, 'fullName')!,
          node: field,
          file,
          line: (key) => lineOf(field, key) ?? 1,
        })
      }
      for (const rule of list(root.validationRules)) {
        object.rules.push({
          name: text(rule, 'fullName')!,
          node: rule,
          file,
          line: (key) => lineOf(rule, key) ?? 1,
        })
      }
      continue
    }
    const object = objectOf(parts[at + 1]!)
    if (file.endsWith('.object-meta.xml')) object.definition = read().CustomObject as XmlNode
    else if (file.endsWith('.field-meta.xml')) {
      const node = read().CustomField as XmlNode
      const name = text(node, 'fullName') ?? path.basename(file, '.field-meta.xml')
      object.fields.push({ name, node, file, line: (key) => lineOf(node, key) ?? 1 })
    } else if (file.endsWith('.validationRule-meta.xml')) {
      const node = read().ValidationRule as XmlNode
      const name = text(node, 'fullName') ?? path.basename(file, '.validationRule-meta.xml')
      object.rules.push({ name, node, file, line: (key) => lineOf(node, key) ?? 1 })
    }
  }
  return objects
}

function list(value: XmlValue | undefined): XmlNode[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).filter((item): item is XmlNode => typeof item === 'object')
}

function itemsOf(objects: Map<string, ObjectFiles>): CorpusItem[] {
  const items: CorpusItem[] = []
  for (const object of objects.values()) {
    for (const field of object.fields) {
      const type = text(field.node, 'type')
      const scale = text(field.node, 'scale')
      const common = { object: object.name, name: field.name, file: field.file, ...(type ? { type } : {}) }
      const formula = text(field.node, 'formula')
      if (formula !== undefined) {
        items.push({
          kind: 'formula',
          ...common,
          ...(scale === undefined ? {} : { scale: Number(scale) }),
          ...(text(field.node, 'formulaTreatBlanksAs') === 'BlankAsZero' ? { blankAsZero: true } : {}),
          line: field.line('formula'),
          text: formula,
        })
      }
      const fallback = text(field.node, 'defaultValue')
      if (fallback !== undefined) {
        items.push({ kind: 'default-value', ...common, line: field.line('defaultValue'), text: fallback })
      }
    }
    for (const rule of object.rules) {
      items.push({
        kind: 'validation-rule',
        object: object.name,
        name: rule.name,
        active: text(rule.node, 'active') !== 'false',
        file: rule.file,
        line: rule.line('errorConditionFormula'),
        text: text(rule.node, 'errorConditionFormula') ?? '',
      })
    }
  }
  return items
}

/** The names a formula mentions, lower case (`Account__r` also as `Account__c`). */
function namesIn(items: readonly CorpusItem[]): Set<string> {
  const names = new Set<string>()
  for (const item of items) {
    for (const token of item.text.split(/[^A-Za-z0-9_]+/)) {
      if (token === '') continue
      names.add(token.toLowerCase())
      if (/__r$/i.test(token)) names.add(`${token.slice(0, -3)}__c`.toLowerCase())
    }
  }
  return names
}

function pick(node: XmlNode, keys: readonly string[]): XmlNode {
  return Object.fromEntries(Object.entries(node).filter(([key]) => keys.includes(key)))
}

function omit(node: XmlNode, keys: readonly string[]): XmlNode {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)))
}

/** An element and its children as XML text. */
function xml(name: string, value: XmlValue, indent = ''): string {
  if (Array.isArray(value)) return value.map((item) => xml(name, item, indent)).join('')
  if (typeof value === 'string') return `${indent}<${name}>${escapeXml(value)}</${name}>\n`
  const children = Object.entries(value)
    .map(([key, child]) => xml(key, child, `${indent}    `))
    .join('')
  return `${indent}<${name}>\n${children}${indent}</${name}>\n`
}

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

function document(root: string, node: XmlNode): string {
  const body = Object.entries(node)
    .map(([key, child]) => xml(key, child, '    '))
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NS}">\n${body}</${root}>\n`
}

function writeSource(
  out: string,
  dir: string,
  files: string[],
  objects: Map<string, ObjectFiles>,
  items: readonly CorpusItem[],
): void {
  const names = namesIn(items)
  // a roll-up needs its child object and the child's fields it reads
  for (const object of objects.values()) {
    for (const field of object.fields) {
      if (!names.has(field.name.toLowerCase())) continue
      const filters = list(field.node.summaryFilterItems).map((filter) => text(filter, 'field') ?? '')
      for (const reference of [
        text(field.node, 'summaryForeignKey'),
        text(field.node, 'summarizedField'),
        ...filters,
      ]) {
        for (const part of (reference ?? '').split('.')) if (part) names.add(part.toLowerCase())
      }
    }
  }
  const itemKeys = new Set(items.map((item) => `${item.object}.${item.name}`.toLowerCase()))
  const valueSets = new Set<string>()
  const base = path.join(out, 'source', 'force-app', 'main', 'default')
  for (const object of objects.values()) {
    const fields = object.fields.filter(
      (field) =>
        itemKeys.has(`${object.name}.${field.name}`.toLowerCase()) || names.has(field.name.toLowerCase()),
    )
    const rules = object.rules
    const needed = fields.length > 0 || rules.length > 0 || names.has(object.name.toLowerCase())
    if (!needed) continue
    const folder = path.join(base, 'objects', object.name)
    mkdirSync(folder, { recursive: true })
    if (object.definition && object.name.endsWith('__c')) {
      // what the loader reads of a custom object's definition
      const kept = pick(object.definition, ['label', 'pluralLabel', 'nameField', 'sharingModel'])
      writeFileSync(path.join(folder, `${object.name}.object-meta.xml`), document('CustomObject', kept))
    }
    for (const field of fields) {
      const valueSet = field.node.valueSet
      const setName =
        typeof valueSet === 'object' && !Array.isArray(valueSet) ? text(valueSet, 'valueSetName') : undefined
      if (setName) valueSets.add(setName)
      mkdirSync(path.join(folder, 'fields'), { recursive: true })
      writeFileSync(
        path.join(folder, 'fields', `${field.name}.field-meta.xml`),
        document('CustomField', {
          fullName: field.name,
          ...omit(field.node, ['description', 'inlineHelpText']),
        }),
      )
    }
    for (const rule of rules) {
      mkdirSync(path.join(folder, 'validationRules'), { recursive: true })
      writeFileSync(
        path.join(folder, 'validationRules', `${rule.name}.validationRule-meta.xml`),
        document('ValidationRule', { fullName: rule.name, ...omit(rule.node, ['description']) }),
      )
    }
  }
  for (const file of files) {
    const setName = path.basename(file, '.globalValueSet-meta.xml')
    if (file.endsWith('.globalValueSet-meta.xml') && valueSets.has(setName)) {
      mkdirSync(path.join(base, 'globalValueSets'), { recursive: true })
      writeFileSync(path.join(base, 'globalValueSets', path.basename(file)), git(dir, 'show', `HEAD:${file}`))
    }
  }
  const labels = files
    .filter((file) => file.endsWith('.labels-meta.xml'))
    .flatMap((file) =>
      list((parseXmlDocument(git(dir, 'show', `HEAD:${file}`)).CustomLabels as XmlNode).labels),
    )
    .filter((label) => names.has((text(label, 'fullName') ?? '').toLowerCase()))
    .map((label) => ({ fullName: text(label, 'fullName')!, value: text(label, 'value') ?? '' }))
  if (labels.length > 0) {
    mkdirSync(path.join(base, 'labels'), { recursive: true })
    writeFileSync(
      path.join(base, 'labels', 'CustomLabels.labels-meta.xml'),
      document('CustomLabels', { labels }),
    )
  }
  writeFileSync(
    path.join(out, 'source', 'sfdx-project.json'),
    `${JSON.stringify({ packageDirectories: [{ path: 'force-app', default: true }], sourceApiVersion: '60.0' }, null, 2)}\n`,
  )
}

function extract(project: Project, dir: string): void {
  const out = path.join(ROOT, 'test', 'corpus', project.key)
  rmSync(path.join(out, 'source'), { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const files = git(dir, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n').filter(Boolean)
  const roots = packageDirectories(dir, files)
  const objects = readObjects(dir, files, roots)
  const items = itemsOf(objects)
  writeFileSync(path.join(out, 'items.json'), `${JSON.stringify(items, null, 2)}\n`)
  writeSource(out, dir, files, objects, items)
  writeFileSync(path.join(out, 'LICENSE'), git(dir, 'show', 'HEAD:LICENSE'))
  const source = {
    repository: project.repository,
    commit: git(dir, 'rev-parse', 'HEAD').trim(),
    license: project.license,
    packageDirectories: roots,
    format: files.includes('sfdx-project.json') ? 'source' : 'metadata-api (written here in source format)',
  }
  writeFileSync(path.join(out, 'source.json'), `${JSON.stringify(source, null, 2)}\n`)
  console.log(
    `${project.key}: ${items.length} items from ${roots.join(', ')} at ${source.commit.slice(0, 12)}`,
  )
}

const args = process.argv.slice(2)
if (args.length === 0) {
  console.log(
    `usage: npx tsx scripts/extract-formula-corpus.ts <project>=<git dir> ...\nprojects: ${Object.keys(PROJECTS).join(', ')}`,
  )
  process.exit(2)
}
for (const arg of args) {
  const [key, dir] = arg.split('=')
  const project = PROJECTS[key ?? '']
  if (!project || !dir) throw new Error(`Failed to read "${arg}": expected <project>=<git dir>`)
  extract(project, dir)
}
