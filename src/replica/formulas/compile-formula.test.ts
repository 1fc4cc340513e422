import type { FormulonDataType } from 'formulon'
import { expect, it } from 'vitest'
import { formulaSchema, projectObject } from '../../../test/support/formula-schema.js'
import { reference } from '../../fixtures/crm/field-helpers.js'
import type { FormulaGlobals } from '../../schemas/crm-schema.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { compileFormula, type FormulaEnv, type FormulaRecord } from './compile-formula.js'

const metadata = createMetadataService(formulaSchema)
const project = metadata.getObject('Project__c')
const schema = {
  findObject: (name: string) => metadata.findObject(name),
  findField: metadata.findField,
  parentRelationship: (object: Parameters<typeof metadata.parentRelationship>[0], name: string) =>
    metadata.parentRelationship(object, name),
}

const records: Record<string, FormulaRecord> = {
  '001A': { Id: '001A', Name: 'Acme', OwnerId: '005U' },
  '005U': { Id: '005U', Username: 'owner@example.com', LastName: 'Owner' },
}
const record: FormulaRecord = {
  Id: 'a0PX',
  Name: 'Alpha',
  Account__c: '001A',
  OwnerId: '005U',
  Budget__c: 100,
  Spent__c: 30,
  Status__c: 'Active',
  Start__c: '2024-01-31',
  End__c: null,
  Code__c: 'AB-12',
  Archived__c: false,
  CreatedDate: '2024-01-31T10:15:00.000+0000',
}
const env = (extra: Partial<FormulaEnv> = {}): FormulaEnv => ({
  now: () => new Date('2026-02-01T10:00:00Z'),
  record: (id) => records[id],
  value: (_object, field, found) => found[field.name] ?? null,
  ...extra,
})

function evaluate(
  text: string,
  returns: FormulonDataType,
  extra: Partial<FormulaEnv> = {},
  on = record,
  globals?: FormulaGlobals,
) {
  const compiled = compileFormula(text, {
    schema: { ...schema, globals },
    object: project,
    returns,
    readsWrite: true,
  })
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  const result = compiled.evaluate(on, env(extra))
  if ('error' in result) throw new Error(result.error)
  return result.literal.value
}

it.for([
  ['Budget__c - Spent__c * 2 + 1', 41],
  ['Budget__c / 4', 25],
  ['LEN(Name) + FIND("ph", Name)', 8],
  ['VALUE("12.5") * 2', 25],
  ['ROUND(10 / 3, 2)', 3.33],
  ['FLOOR(2.7) + CEILING(2.1) + MOD(7, 3) + ABS(-4)', 10],
  ['YEAR(Start__c) + MONTH(Start__c) + DAY(Start__c)', 2024 + 1 + 31],
  ['MONTH(ADDMONTHS(Start__c, 1))', 2],
  ['DAY(DATEVALUE(CreatedDate))', 31],
  ['YEAR(DATE(2020, 2, 3))', 2020],
  ['BLANKVALUE(End__c, DATE(2024, 5, 1)) - Start__c', 91],
  ['NULLVALUE(Spent__c, 0) + 1', 31],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'number')).toBe(expected)
})

it.for([
  ['UPPER(Name) & "-" & LOWER(Name)', 'ALPHA-alpha'],
  ['LEFT(Name, 2) & MID(Name, 3, 2) & RIGHT(Name, 1)', 'Alpha'],
  ['TEXT(Status__c)', 'Active'],
  ['TEXT(Budget__c)', '100'],
  ['CASE(TEXT(Status__c), "Active", "on", "Done", "off", "?")', 'on'],
  ['IF(Budget__c > Spent__c, "ok", "over")', 'ok'],
  ['Account__r.Name & " / " & Account__r.Owner.Username', 'Acme / owner@example.com'],
  ['HYPERLINK("https://x.test/" & Id, Name)', '<a href="https://x.test/a0PX">Alpha</a>'],
  ['IMAGE("https://x.test/i.png", "logo")', '<img src="https://x.test/i.png" alt="logo"/>'],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'text')).toBe(expected)
})

it.for([
  ['ISBLANK(End__c) && NOT(ISBLANK(Name)) && ISNULL(End__c)', true],
  ['ISPICKVAL(Status__c, "Active") && !ISPICKVAL(Status__c, "Done")', true],
  ['CONTAINS(Name, "lph") && BEGINS(Name, "Al") && REGEX(Code__c, "[A-Z]{2}-[0-9]+")', true],
  ['AND(Budget__c >= 100, Budget__c <= 100, Spent__c < 31, Spent__c > 29)', true],
  ['OR(Budget__c = 1, Budget__c == 2, Budget__c != 100, Budget__c <> 100)', false],
  ['Start__c < TODAY() && CreatedDate < NOW()', true],
  ['Archived__c || FALSE', false],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'checkbox')).toBe(expected)
})

it('reads ISNEW, ISCHANGED and PRIORVALUE from the prior record, when there is one', () => {
  const prior = { ...record, Spent__c: 50, Code__c: 'AB-12' }
  expect(evaluate('ISNEW()', 'checkbox')).toBe(true)
  expect(evaluate('ISNEW()', 'checkbox', { prior })).toBe(false)
  expect(evaluate('ISCHANGED(Spent__c)', 'checkbox', { prior })).toBe(true)
  expect(evaluate('ISCHANGED(Code__c)', 'checkbox', { prior })).toBe(false)
  expect(evaluate('ISCHANGED(Spent__c)', 'checkbox')).toBe(false)
  expect(evaluate('PRIORVALUE(Spent__c)', 'number', { prior })).toBe(50)
  // on create PRIORVALUE is the value being written
  expect(evaluate('PRIORVALUE(Spent__c)', 'number')).toBe(30)
})

it('answers TODAY and NOW on the clock of the environment, not the machine', () => {
  expect(evaluate('TODAY()', 'date')).toEqual(new Date('2026-02-01T00:00:00Z'))
  expect(evaluate('NOW()', 'datetime')).toEqual(new Date('2026-02-01T10:00:00Z'))
  expect(evaluate('TODAY() - Start__c', 'number')).toBe(732)
  // TIMENOW: the time of day of the clock, in UTC (formulon's time: a date on 1970-01-01)
  expect(evaluate('TIMENOW()', 'time')).toEqual(new Date('1970-01-01T10:00:00Z'))
})

it('reads a time field as a time of day, and reports at load a function formulon lacks for times', () => {
  const at = { ...record, Visit_Time__c: '10:30:00.000Z' }
  expect(evaluate('Visit_Time__c + 60000', 'time', {}, at)).toEqual(new Date('1970-01-01T10:31:00Z'))
  expect(evaluate('Visit_Time__c > TIMEVALUE("09:00:00.000")', 'checkbox', {}, at)).toBe(true)
  // arithmetic on a blank time is an error (read as null, as other blank arithmetic)
  expect(() => evaluate('Visit_Time__c + 60000', 'time', {}, { ...record, Visit_Time__c: null })).toThrow(
    'ArgumentError',
  )
  const hour = compileFormula('HOUR(Visit_Time__c)', {
    schema,
    object: project,
    returns: 'number',
    readsWrite: false,
  })
  expect(hour).toEqual({ unsupported: expect.stringContaining('HOUR()') })
})

it('refuses ISNEW, ISCHANGED and PRIORVALUE in a formula field', () => {
  const field = (text: string) =>
    compileFormula(text, { schema, object: project, returns: 'number', readsWrite: false })
  expect(field('PRIORVALUE(Spent__c)')).toEqual({ unsupported: 'PRIORVALUE() is for validation rules only' })
  expect(field('IF(ISNEW(), 1, 0)')).toEqual({ unsupported: 'ISNEW() is for validation rules only' })
})

it('reads $User from the caller’s User record, blank when there is none', () => {
  expect(evaluate('$User.Username', 'text', { user: records['005U'] })).toBe('owner@example.com')
  expect(evaluate('ISBLANK($User.Username)', 'checkbox')).toBe(true)
})

it('reads a blank parent path as blank', () => {
  expect(
    evaluate('ISBLANK(Account__r.Owner.Username)', 'checkbox', {}, { ...record, Account__c: null }),
  ).toBe(true)
})

it('answers an evaluation error instead of a value', () => {
  const compiled = compileFormula('Spent__c + 1 > 0', {
    schema,
    object: project,
    returns: 'checkbox',
    readsWrite: true,
  })
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  expect(compiled.evaluate({ ...record, Spent__c: null }, env())).toEqual({
    error: expect.stringContaining('ArgumentError'),
  })
})

it('answers an evaluation error, never throws, when formulon throws on a blank argument', () => {
  const compiled = compileFormula('ADDMONTHS(Start__c, 1)', {
    schema,
    object: project,
    returns: 'date',
    readsWrite: false,
  })
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  expect(compiled.evaluate({ ...record, Start__c: null }, env())).toEqual({
    error: expect.stringContaining('TypeError'),
  })
})

it.for([
  ['IF(', 'formulon cannot parse it (SyntaxError: Syntax error.)'],
  ['FOO(1) > 0', 'NoFunctionError: Unknown function FOO. Check spelling.'],
  [
    'ISNUMBER(Name, Name)',
    "ArgumentError: Incorrect number of parameters for function 'ISNUMBER()'. Expected 1, received 2",
  ],
  ['1 /* open', 'formulon cannot parse it (a /* comment is never closed)'],
  ['Nope__c > 1', 'Project__c has no field Nope__c (in Nope__c)'],
  // names an Object has (the clock identifiers are looked up in a Map, not an object literal)
  ['toString = "x"', 'Project__c has no field toString (in toString)'],
  ['constructor > 1', 'Project__c has no field constructor (in constructor)'],
  ['Nope__r.Name = "x"', 'Project__c has no parent relationship Nope__r (in Nope__r.Name)'],
  ['Account__r.Nope = "x"', 'Account has no field Nope (in Account__r.Nope)'],
  ['$Label.Greeting = "x"', 'no custom label Greeting ($Label.Greeting); give it in formulaGlobals.label'],
  ['$Api.Nope = "x"', '$Api.Nope has no value; give it in formulaGlobals.api'],
  ['$Organization.Name = "x"', 'the global $Organization is not evaluated by the replica'],
  ['$Label.a.b = "x"', '$Label.a.b is not a global the replica evaluates'],
  ['Owner:Group.Name = "x"', 'Project__c.Owner cannot point to Group'],
  ['Name & "x"', 'it returns text, not checkbox'],
  [
    'Budget__c & "x"',
    "ArgumentError: Incorrect parameter type for function 'ADD()'. Expected Number, received Text",
  ],
] as const)('refuses %s: %s', ([text, reason]) => {
  expect(compileFormula(text, { schema, object: project, returns: 'checkbox', readsWrite: true })).toEqual({
    unsupported: reason,
  })
})

it('ignores comments outside strings and keeps them inside', () => {
  expect(evaluate('/* spent */ Spent__c /* times two */ * 2', 'number')).toBe(60)
  expect(evaluate('"/* kept */" & Name', 'text')).toBe('/* kept */Alpha')
})

it('evaluates ISNUMBER on a field: true for a number, false for other text and for blank', () => {
  expect(evaluate('ISNUMBER(Code__c)', 'checkbox', {}, { ...record, Code__c: '-1.5E3' })).toBe(true)
  expect(evaluate('ISNUMBER(Code__c)', 'checkbox')).toBe(false)
  expect(evaluate('ISNUMBER(Code__c)', 'checkbox', {}, { ...record, Code__c: null })).toBe(false)
})

it('reads Owner:User.Field through the owner, blank when the owner is not a User', () => {
  expect(evaluate('Owner:User.Username', 'text')).toBe('owner@example.com')
  expect(evaluate('Account__r.Owner:User.LastName & "!"', 'text')).toBe('Owner!')
  expect(evaluate('ISBLANK(Owner:User.Username)', 'checkbox', {}, { ...record, OwnerId: '00GQ' })).toBe(true)
})

it('answers $Label from the schema and $Api from the schema or its defaults, names in any case', () => {
  const globals = { label: { Greeting: 'Hello' }, api: { Session_ID: 'my-session' } }
  expect(evaluate('$Label.greeting & " " & Name', 'text', {}, record, globals)).toBe('Hello Alpha')
  expect(evaluate('$Api.Session_ID', 'text', {}, record, globals)).toBe('my-session')
  expect(evaluate('$Api.Session_ID', 'text')).toBe('00D000000000000!REPLICA.SESSION.ID')
  expect(evaluate('$Api.Partner_Server_URL_600', 'text')).toBe('https://replica.invalid/services/Soap/u/60.0')
  expect(evaluate('$Api.Enterprise_Server_URL_260', 'text')).toBe(
    'https://replica.invalid/services/Soap/c/26.0',
  )
})

it('reads a polymorphic reference only through the object a path names, blank for another object', () => {
  const noteSchema = {
    objects: [
      ...formulaSchema.objects,
      {
        ...projectObject,
        name: 'Note__c',
        label: 'Note',
        labelPlural: 'Notes',
        keyPrefix: 'a0N',
        validationRules: [],
        fields: [
          ...projectObject.fields.filter((field) => field.formula === undefined),
          reference('Parent__c', 'Parent', ['Account', 'Contact'], 'Parent__r', { custom: true }),
        ],
      },
    ],
  }
  const noteMetadata = createMetadataService(noteSchema)
  const note = noteMetadata.getObject('Note__c')
  const compile = (text: string) =>
    compileFormula(text, {
      schema: {
        findObject: (name) => noteMetadata.findObject(name),
        findField: noteMetadata.findField,
        parentRelationship: (object, name) => noteMetadata.parentRelationship(object, name),
      },
      object: note,
      returns: 'text',
      readsWrite: false,
    })
  expect(compile('Parent__r.Name')).toEqual({
    unsupported: 'Note__c.Parent__r is polymorphic; name the object, as Parent__r:Account.Field',
  })
  const compiled = compile('Parent__r:Account.Name')
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  const onParent = (Parent__c: string) => compiled.evaluate({ ...record, Parent__c }, env())
  expect(onParent('001A')).toEqual({ literal: expect.objectContaining({ value: 'Acme' }) })
  expect(onParent('003C')).toEqual({ literal: expect.objectContaining({ value: '' }) })
})
