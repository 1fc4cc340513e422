/**
 * @module
 * Writes a generated SFDX project (source format) to a temporary folder, so the org-schema bench
 * loads a schema of a chosen size through the same loader users call: objects with fields of the
 * common types, a lookup to the previous object, validation rules and formula fields.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface OrgObjectSpec {
  name: string
  /** Plain fields, cycling through text, number, checkbox, date, picklist, email. */
  fields: number
  /** Validation rules, each reading two plain fields (and a formula field when there is one). */
  rules?: number
  /** Number formula fields over the plain number fields. */
  formulas?: number
  /** A lookup field `Previous__c` to this object. */
  lookupTo?: string
}

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'xmlns="http://soap.sforce.com/2006/04/metadata"'
const KINDS = ['Text', 'Number', 'Checkbox', 'Date', 'Picklist', 'Email'] as const

/** The plain field `i` of an object: its API name and kind. */
export function plainField(i: number): { name: string; kind: (typeof KINDS)[number] } {
  const kind = KINDS[i % KINDS.length]!
  return { name: `${kind}_${i}__c`, kind }
}

function fieldXml(i: number): string {
  const { name, kind } = plainField(i)
  const label = `<fullName>${name}</fullName><label>${kind} ${i}</label>`
  switch (kind) {
    case 'Text':
      return `<CustomField ${NS}>${label}<length>80</length><type>Text</type></CustomField>`
    case 'Number':
      return `<CustomField ${NS}>${label}<precision>18</precision><scale>2</scale><type>Number</type></CustomField>`
    case 'Checkbox':
      return `<CustomField ${NS}>${label}<defaultValue>false</defaultValue><type>Checkbox</type></CustomField>`
    case 'Picklist':
      return `<CustomField ${NS}>${label}<type>Picklist</type><valueSet><valueSetDefinition>${[
        'Low',
        'Mid',
        'High',
      ]
        .map((v) => `<value><fullName>${v}</fullName><default>false</default><label>${v}</label></value>`)
        .join('')}</valueSetDefinition></valueSet></CustomField>`
    default:
      return `<CustomField ${NS}>${label}<type>${kind}</type></CustomField>`
  }
}

/** The number fields among the first `fields` plain fields. */
function numberFields(fields: number): string[] {
  return Array.from({ length: fields }, (_, i) => plainField(i)).flatMap((f) =>
    f.kind === 'Number' ? [f.name] : [],
  )
}

function formulaXml(i: number, numbers: string[]): string {
  const a = numbers[i % numbers.length]!
  const b = numbers[(i + 1) % numbers.length]!
  return `<CustomField ${NS}><fullName>Formula_${i}__c</fullName><formula>${a} * 2 + ${b}</formula><formulaTreatBlanksAs>BlankAsZero</formulaTreatBlanksAs><label>Formula ${i}</label><precision>18</precision><scale>2</scale><type>Number</type></CustomField>`
}

function ruleXml(i: number, spec: OrgObjectSpec, numbers: string[]): string {
  const number = numbers[i % numbers.length]!
  const text = plainField(0).name
  const formula = spec.formulas ? ` || Formula_${i % spec.formulas}__c &lt; -1000000` : ''
  return `<ValidationRule ${NS}><fullName>Rule_${i}</fullName><active>true</active><errorConditionFormula>AND(${number} &lt; -${i + 1}, NOT(ISBLANK(${text})), LEN(${text}) &gt; 200)${formula}</errorConditionFormula><errorMessage>Rule ${i} failed.</errorMessage></ValidationRule>`
}

async function writeObject(root: string, spec: OrgObjectSpec): Promise<void> {
  const dir = path.join(root, 'objects', spec.name)
  await mkdir(path.join(dir, 'fields'), { recursive: true })
  const files: [string, string][] = [
    [
      `${spec.name}.object-meta.xml`,
      `<CustomObject ${NS}><deploymentStatus>Deployed</deploymentStatus><label>${spec.name}</label><pluralLabel>${spec.name}s</pluralLabel><nameField><label>Name</label><type>Text</type></nameField><sharingModel>ReadWrite</sharingModel></CustomObject>`,
    ],
  ]
  for (let i = 0; i < spec.fields; i++)
    files.push([`fields/${plainField(i).name}.field-meta.xml`, fieldXml(i)])
  const numbers = numberFields(spec.fields)
  for (let i = 0; i < (spec.formulas ?? 0); i++)
    files.push([`fields/Formula_${i}__c.field-meta.xml`, formulaXml(i, numbers)])
  if (spec.lookupTo) {
    files.push([
      'fields/Previous__c.field-meta.xml',
      `<CustomField ${NS}><fullName>Previous__c</fullName><label>Previous</label><referenceTo>${spec.lookupTo}</referenceTo><relationshipName>Next_${spec.name.replace('__c', '')}</relationshipName><deleteConstraint>SetNull</deleteConstraint><type>Lookup</type></CustomField>`,
    ])
  }
  if (spec.rules) await mkdir(path.join(dir, 'validationRules'))
  for (let i = 0; i < (spec.rules ?? 0); i++) {
    files.push([`validationRules/Rule_${i}.validationRule-meta.xml`, ruleXml(i, spec, numbers)])
  }
  for (const [name, text] of files) await writeFile(path.join(dir, name), XML + text)
}

/** Writes a package directory holding `objects`; returns its path (a fresh temporary folder). */
export async function writeOrgProject(objects: OrgObjectSpec[]): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'replica-bench-org-'))
  await writeFile(
    path.join(root, 'sfdx-project.json'),
    JSON.stringify({ packageDirectories: [{ path: 'force-app', default: true }], sourceApiVersion: '60.0' }),
  )
  const packageDir = path.join(root, 'force-app', 'main', 'default')
  for (const spec of objects) await writeObject(packageDir, spec)
  return root
}
