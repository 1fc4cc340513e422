import { expect, it } from 'vitest'
import { formulaSchema, projectObject } from '../../../test/support/formula-schema.js'
import { reference } from '../../fixtures/crm/field-helpers.js'
import type { FieldType, FormulaGlobals } from '../../schemas/crm-schema.js'
import { createMetadataService } from '../metadata/metadata-service.js'
import { compileFormula, type FormulaTarget } from './compile-formula.js'
import type { FormulaEnv, FormulaRecord } from './formula-types.js'
import type { FormulaKind } from './function-helpers.js'

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

/** What each result type is compiled into: a field of that type (numbers kept to 6 places), or a rule. */
const TARGETS: Record<string, FormulaTarget> = {
  number: { field: 'double', scale: 6 },
  text: { field: 'string', scale: 0 },
  checkbox: { field: 'boolean', scale: 0 },
  date: { field: 'date', scale: 0 },
  datetime: { field: 'datetime', scale: 0 },
  time: { field: 'time', scale: 0 },
  rule: 'rule',
}

function compile(
  text: string,
  returns: keyof typeof TARGETS | FieldType,
  kind: FormulaKind = 'rule',
  globals?: FormulaGlobals,
) {
  const target = TARGETS[returns] ?? { field: returns as FieldType, scale: 0 }
  return compileFormula(
    text,
    { schema: { ...schema, globals }, object: project, kind, blankAsZero: false },
    target,
  )
}

function evaluate(
  text: string,
  returns: keyof typeof TARGETS,
  extra: Partial<FormulaEnv> = {},
  on = record,
  globals?: FormulaGlobals,
) {
  const compiled = compile(text, returns, 'rule', globals)
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  const result = compiled.evaluate(on, env(extra))
  if ('error' in result) throw new Error(result.error)
  return result.value
}

it.for([
  ['Budget__c - Spent__c * 2 + 1', 41],
  ['Budget__c / 4', 25],
  ['LEN(Name) + FIND("ph", Name)', 8],
  ['VALUE("12.5") * 2', 25],
  ['ROUND(10 / 3, 2)', 3.33],
  ['FLOOR(2.7) + CEILING(2.1) + MOD(7, 3) + ABS(-4)', 10],
  ['CEILING(-2.5) * 10 + FLOOR(-2.5)', -32],
  ['MCEILING(-2.5) * 10 + MFLOOR(-2.5)', -23],
  ['ROUND(-1.5, 0) + ROUND(2.345, 2)', 0.35],
  ['YEAR(Start__c) + MONTH(Start__c) + DAY(Start__c)', 2024 + 1 + 31],
  ['MONTH(ADDMONTHS(Start__c, 1)) * 100 + DAY(ADDMONTHS(Start__c, 1))', 229],
  ['DAY(DATEVALUE(CreatedDate))', 31],
  ['YEAR(DATE(2020, 2, 3))', 2020],
  ['BLANKVALUE(End__c, DATE(2024, 5, 1)) - Start__c', 91],
  ['NULLVALUE(Spent__c, 0) + 1', 31],
  ['2 ^ 10', 1024],
  ['MOD(FLOOR(VALUE("1500") / 60), 12)', 1],
  ['ISOWEEK(DATE(2021, 1, 3)) * 10000 + ISOYEAR(DATE(2021, 1, 3))', 532020],
  ['WEEKDAY(DATE(2024, 1, 31))', 4],
  ['UNIXTIMESTAMP(DATETIMEVALUE("1970-01-02 00:00:00"))', 86400],
  ['MINUTE(TIMEVALUE(CreatedDate)) + HOUR(TIMEVALUE("10:30:00.000"))', 25],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'number')).toBe(expected)
})

it.for([
  ['UPPER(Name) & "-" & LOWER(Name)', 'ALPHA-alpha'],
  ['LEFT(Name, 2) & MID(Name, 3, 2) & RIGHT(Name, 1)', 'Alpha'],
  ['TEXT(Status__c)', 'Active'],
  ['TEXT(Budget__c)', '100'],
  ['TEXT(Start__c) & " " & TEXT(CreatedDate)', '2024-01-31 2024-01-31 10:15:00Z'],
  ['CASE(Status__c, "Active", "on", "Done", "off", "?")', 'on'],
  ['CASE(TEXT(Status__c), "Active", "on", "Done", "off", "?")', 'on'],
  ['IF(Budget__c > Spent__c, "ok", "over")', 'ok'],
  ['Account__r.Name & " / " & Account__r.Owner.Username', 'Acme / owner@example.com'],
  ['HYPERLINK("https://x.test/" & Id, Name)', '<a href="https://x.test/a0PX" target="_blank">Alpha</a>'],
  ['HYPERLINK("/" & Id, Name, "_self")', '<a href="/a0PX" target="_self">Alpha</a>'],
  ['IMAGE("https://x.test/i.png", "logo")', '<img src="https://x.test/i.png" alt="logo" border="0"/>'],
  ['"a" & BR() & "b"', 'a<br>b'],
  ['LPAD("7", 3, "0") & RPAD("ab", 4, "-") & LPAD("abcdef", 3)', '007ab--abc'],
  ['SUBSTITUTE("a.b.c", ".", "-") & TRIM("  x  ")', 'a-b-cx'],
  ['"say \\"hi\\"" & \'!\'', 'say "hi"!'],
  ['Name + "+" + Code__c', 'Alpha+AB-12'],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'text')).toBe(expected)
})

it.for([
  ['ISBLANK(End__c) && NOT(ISBLANK(Name)) && ISNULL(End__c)', true],
  ['ISPICKVAL(Status__c, "Active") && !ISPICKVAL(Status__c, "Done")', true],
  ['CONTAINS(Name, "lph") && BEGINS(Name, "Al") && REGEX(Code__c, "[A-Z]{2}-[0-9]+")', true],
  ['REGEX(Code__c, "[A-Z]{2}-\\\\d+")', true],
  ['REGEX(Code__c, "[A-Z]{2}")', false],
  ['AND(Budget__c >= 100, Budget__c <= 100, Spent__c < 31, Spent__c > 29)', true],
  ['OR(Budget__c = 1, Budget__c == 2, Budget__c != 100, Budget__c <> 100)', false],
  ['Start__c < TODAY() && CreatedDate < NOW()', true],
  ['Archived__c || FALSE', false],
  ['Name = "Alpha" && !(Name <> "Alpha")', true],
  ['if(isblank(end__c), true, false) && Or(false, TRUE)', true],
  // a comparison with a blank is unknown: the rule does not fire, and neither does its negation
  ['End__c < Start__c', false],
  ['NOT(End__c >= Start__c)', false],
  ['End__c = NULL && NOT(Start__c = NULL) && Start__c != NULL', true],
] as const)('evaluates %s to %s', ([text, expected]) => {
  expect(evaluate(text, 'rule')).toBe(expected)
})

it('reads ISNEW, ISCHANGED and PRIORVALUE from the prior record, when there is one', () => {
  const prior = { ...record, Spent__c: 50, Code__c: 'AB-12' }
  expect(evaluate('ISNEW()', 'rule')).toBe(true)
  expect(evaluate('ISNEW()', 'rule', { prior })).toBe(false)
  expect(evaluate('ISCHANGED(Spent__c)', 'rule', { prior })).toBe(true)
  expect(evaluate('ISCHANGED(Code__c)', 'rule', { prior })).toBe(false)
  expect(evaluate('ISCHANGED(Spent__c)', 'rule')).toBe(false)
  expect(evaluate('PRIORVALUE(Spent__c) = 50', 'rule', { prior })).toBe(true)
  // on create PRIORVALUE is the value being written
  expect(evaluate('PRIORVALUE(Spent__c) = 30', 'rule')).toBe(true)
})

it('answers TODAY, NOW and TIMENOW on the clock of the environment, not the machine', () => {
  expect(evaluate('TODAY()', 'date')).toBe('2026-02-01')
  expect(evaluate('NOW()', 'datetime')).toBe('2026-02-01T10:00:00.000+0000')
  expect(evaluate('TODAY() - Start__c', 'number')).toBe(732)
  expect(evaluate('TIMENOW()', 'time')).toBe('10:00:00.000Z')
})

it('reads a time field as a time of day', () => {
  const at = { ...record, Visit_Time__c: '10:30:00.000Z' }
  expect(evaluate('Visit_Time__c + 60000', 'time', {}, at)).toBe('10:31:00.000Z')
  expect(evaluate('Visit_Time__c > TIMEVALUE("09:00:00.000")', 'rule', {}, at)).toBe(true)
  expect(evaluate('HOUR(Visit_Time__c) * 100 + MINUTE(Visit_Time__c)', 'number', {}, at)).toBe(1030)
  // arithmetic on a blank time is blank
  expect(evaluate('Visit_Time__c + 60000', 'time', {}, { ...record, Visit_Time__c: null })).toBe(null)
})

it('refuses ISNEW, ISCHANGED and PRIORVALUE in a formula field and in a default value', () => {
  expect(compile('PRIORVALUE(Spent__c)', 'number', 'formula')).toEqual({
    unsupported: 'PRIORVALUE() is for validation rules only',
    position: { line: 1, column: 1 },
  })
  expect(compile('IF(ISNEW(), 1, 0)', 'number', 'default')).toMatchObject({
    unsupported: 'ISNEW() is for validation rules only',
  })
})

it('reads $User from the caller’s User record, blank when there is none', () => {
  expect(evaluate('$User.Username', 'text', { user: records['005U'] })).toBe('owner@example.com')
  expect(evaluate('ISBLANK($User.Username)', 'rule')).toBe(true)
})

it('reads a blank parent path as blank', () => {
  expect(evaluate('ISBLANK(Account__r.Owner.Username)', 'rule', {}, { ...record, Account__c: null })).toBe(
    true,
  )
})

it('answers an evaluation error instead of a value', () => {
  const compiled = compile('Spent__c / (Budget__c - 100) > 0', 'rule')
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  expect(compiled.evaluate(record, env())).toEqual({ error: 'Division by zero' })
  // a blank operand is no error: the result is blank
  expect(compiled.evaluate({ ...record, Spent__c: null }, env())).toEqual({ value: false })
})

it.for([
  ['IF(', 'syntax error', { line: 1, column: 4 }],
  ['FOO(1) > 0', 'Unknown function FOO. Check spelling.', { line: 1, column: 1 }],
  [
    'ISNUMBER(Name, Name)',
    "Incorrect number of parameters for function 'ISNUMBER()'. Expected 1, received 2",
    { line: 1, column: 1 },
  ],
  ['1 /* open', 'syntax error', { line: 1, column: 4 }],
  ['Nope__c > 1', 'Field Nope__c does not exist on Project__c (in Nope__c)', { line: 1, column: 1 }],
  ['toString = "x"', 'Field toString does not exist on Project__c (in toString)', { line: 1, column: 1 }],
  [
    'constructor > 1',
    'Field constructor does not exist on Project__c (in constructor)',
    { line: 1, column: 1 },
  ],
  ['Nope__r.Name = "x"', 'Project__c has no parent relationship Nope__r', { line: 1, column: 1 }],
  [
    'Account__r.Nope = "x"',
    'Field Nope does not exist on Account (in Account__r.Nope)',
    { line: 1, column: 1 },
  ],
  [
    '$Label.Greeting = "x"',
    'no custom label Greeting ($Label.Greeting); give it in formulaGlobals.label',
    { line: 1, column: 1 },
  ],
  ['$Api.Nope = "x"', '$Api.Nope has no value; give it in formulaGlobals.api', { line: 1, column: 1 }],
  [
    '$Profile.Name = "x"',
    '$Profile.Name has no value; give it in formulaGlobals.profile',
    { line: 1, column: 1 },
  ],
  ['$Nope.Name = "x"', 'the global $Nope is not one the replica knows', { line: 1, column: 1 }],
  ['Owner:Group.Name = "x"', 'Project__c.Owner cannot point to Group', { line: 1, column: 1 }],
  [
    'Name & "x"',
    'Formula result is data type (Text), incompatible with expected data type (Checkbox).',
    { line: 1, column: 1 },
  ],
  [
    '\n  Budget__c & "x"',
    "Incorrect parameter type for operator '&'. Expected Text, received Number",
    { line: 2, column: 3 },
  ],
  [
    'Status__c = "Active"',
    'Field is a picklist field. Picklist fields are only supported in certain functions (ISPICKVAL, CASE, TEXT)',
    { line: 1, column: 1 },
  ],
  [
    'Start__c > CreatedDate',
    "Incorrect parameter type for operator '>'. Expected Date, received DateTime",
    { line: 1, column: 1 },
  ],
] as const)('refuses %j: %s', ([text, reason, position]) => {
  const compiled = compile(text, 'rule')
  expect(compiled).toEqual({ unsupported: expect.stringContaining(reason), position })
})

it('ignores comments outside strings and keeps them inside', () => {
  expect(evaluate('/* spent */ Spent__c /* times two */ * 2', 'number')).toBe(60)
  expect(evaluate('"/* kept */" & Name', 'text')).toBe('/* kept */Alpha')
})

it('evaluates ISNUMBER on a field: true for a number, false for other text and for blank', () => {
  expect(evaluate('ISNUMBER(Code__c)', 'rule', {}, { ...record, Code__c: '-1.5E3' })).toBe(true)
  expect(evaluate('ISNUMBER(Code__c)', 'rule')).toBe(false)
  expect(evaluate('ISNUMBER(Code__c)', 'rule', {}, { ...record, Code__c: null })).toBe(false)
})

it('reads Owner:User.Field through the owner, blank when the owner is not a User', () => {
  expect(evaluate('Owner:User.Username', 'text')).toBe('owner@example.com')
  expect(evaluate('Account__r.Owner:User.LastName & "!"', 'text')).toBe('Owner!')
  expect(evaluate('ISBLANK(Owner:User.Username)', 'rule', {}, { ...record, OwnerId: '00GQ' })).toBe(true)
})

it('answers the fixed globals from the schema and their defaults, names in any case', () => {
  const globals: FormulaGlobals = {
    label: { Greeting: 'Hello' },
    api: { Session_ID: 'my-session' },
    profile: { Name: 'System Administrator' },
    setup: { Settings__c: { Grace__c: 30 } },
    permission: { Approve: true },
    user: { UIThemeDisplayed: 'Theme4d' },
  }
  expect(evaluate('$Label.greeting & " " & Name', 'text', {}, record, globals)).toBe('Hello Alpha')
  expect(evaluate('$Api.Session_ID', 'text', {}, record, globals)).toBe('my-session')
  expect(evaluate('$Api.Session_ID', 'text')).toBe('00D000000000000!REPLICA.SESSION.ID')
  expect(evaluate('$Api.Partner_Server_URL_600', 'text')).toBe('https://replica.invalid/services/Soap/u/60.0')
  expect(evaluate('$Profile.Name & $User.UIThemeDisplayed', 'text', {}, record, globals)).toBe(
    'System AdministratorTheme4d',
  )
  expect(evaluate('$Setup.settings__c.grace__c + 1', 'number', {}, record, globals)).toBe(31)
  expect(evaluate('$Permission.Approve && !$Permission.Other', 'rule', {}, record, globals)).toBe(true)
  // a setting not given reads blank, whatever its type
  expect(evaluate('TODAY() - BLANKVALUE($Setup.Other__c.Days__c, 30)', 'date')).toBe('2026-01-02')
  expect(evaluate('YEAR(DATEVALUE($System.OriginDateTime))', 'number')).toBe(1900)
})

it('coerces a datetime default to a Date field and a date default to a DateTime field', () => {
  const asDate = compile('NOW() + 1', 'date', 'default')
  const asDatetime = compile('TODAY()', 'datetime', 'default')
  if ('unsupported' in asDate || 'unsupported' in asDatetime) throw new Error('did not compile')
  expect(asDate.evaluate({}, env())).toEqual({ value: '2026-02-02' })
  expect(asDatetime.evaluate({}, env())).toEqual({ value: '2026-02-01T00:00:00.000+0000' })
  // a formula field gets no such coercion, as in Salesforce
  expect(compile('NOW()', 'date', 'formula')).toMatchObject({
    unsupported: expect.stringContaining('DateTime'),
  })
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
  const compileOnNote = (text: string) =>
    compileFormula(
      text,
      {
        schema: {
          findObject: (name) => noteMetadata.findObject(name),
          findField: noteMetadata.findField,
          parentRelationship: (object, name) => noteMetadata.parentRelationship(object, name),
        },
        object: note,
        kind: 'formula',
        blankAsZero: false,
      },
      { field: 'string', scale: 0 },
    )
  expect(compileOnNote('Parent__r.Name')).toMatchObject({
    unsupported: 'Note__c.Parent__r is polymorphic; name the object, as Parent__r:Account.Field',
  })
  const compiled = compileOnNote('Parent__r:Account.Name')
  if ('unsupported' in compiled) throw new Error(compiled.unsupported)
  const onParent = (Parent__c: string) => compiled.evaluate({ ...record, Parent__c }, env())
  expect(onParent('001A')).toEqual({ value: 'Acme' })
  expect(onParent('003C')).toEqual({ value: null })
})

it('reads blank numbers as zero only when the formula treats blanks as zeroes', () => {
  const formula = (blankAsZero: boolean) =>
    compileFormula(
      'Budget__c - Spent__c',
      { schema, object: project, kind: 'formula', blankAsZero },
      { field: 'currency', scale: 2 },
    )
  const blankSpent = { ...record, Spent__c: null }
  for (const [blankAsZero, expected] of [
    [true, 100],
    [false, null],
  ] as const) {
    const compiled = formula(blankAsZero)
    if ('unsupported' in compiled) throw new Error(compiled.unsupported)
    expect(compiled.evaluate(blankSpent, env())).toEqual({ value: expected })
  }
})
