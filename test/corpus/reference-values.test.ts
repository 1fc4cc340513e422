/**
 * The Salesforce formula reference's own examples and rules, function by function, as values:
 * each formula (no fields) compiled as a formula field of the type it returns and evaluated on the
 * clock 2026-02-01T10:00:00Z (a Sunday).
 * @see https://help.salesforce.com/s/articleView?id=platform.customize_functions.htm
 */
import { expect, it } from 'vitest'
import { crmSchemaInput } from '../../src/fixtures/crm/index.js'
import { compileFormula } from '../../src/replica/formulas/compile-formula.js'
import { createMetadataService } from '../../src/replica/metadata/metadata-service.js'
import type { FieldType } from '../../src/schemas/crm-schema.js'

const N = 'double'
const T = 'string'
const B = 'boolean'
const D = 'date'
const DT = 'datetime'
const TM = 'time'

const REFERENCE: [string, FieldType, unknown][] = [
  // math
  ['ABS(-5.5)', N, 5.5],
  ['CEILING(2.5)', N, 3],
  ['CEILING(-2.5)', N, -3],
  ['FLOOR(2.5)', N, 2],
  ['FLOOR(-2.5)', N, -2],
  ['MCEILING(2.5)', N, 3],
  ['MCEILING(-2.5)', N, -2],
  ['MFLOOR(2.5)', N, 2],
  ['MFLOOR(-2.5)', N, -3],
  ['ROUND(1.5, 0)', N, 2],
  ['ROUND(1.2345, 2)', N, 1.23],
  ['ROUND(-1.5, 0)', N, -2],
  ['ROUND(225.49823, 0)', N, 225],
  ['ROUND(-225.495, 2)', N, -225.5],
  ['TRUNC(12.75)', N, 12],
  ['TRUNC(-12.75, 1)', N, -12.7],
  ['MOD(3, 3)', N, 0],
  ['MOD(4, 3)', N, 1],
  ['MOD(123, 2)', N, 1],
  ['MAX(1, 5, 3)', N, 5],
  ['MIN(250, 75)', N, 75],
  ['SQRT(25)', N, 5],
  ['EXP(0)', N, 1],
  ['LN(1)', N, 0],
  ['LOG(1000)', N, 3],
  ['2 ^ 3 * 2', N, 16],
  ['10 - 2 * 3', N, 4],
  ['(10 - 2) * 3', N, 24],
  ['-2 + 5', N, 3],
  ['7 / 2', N, 3.5],
  ['VALUE("3.14") + 1', N, 4.14],
  ['VALUE(" 42 ")', N, 42],
  // text
  ['BEGINS("Acme Corp", "Acme")', B, true],
  ['BEGINS("Acme Corp", "acme")', B, false],
  ['CONTAINS("Product Widget", "Widget")', B, true],
  ['CONTAINS("Product Widget", "")', B, true],
  ['FIND("Street", "1 Main Street")', N, 8],
  ['FIND("x", "1 Main Street")', N, 0],
  ['FIND("t", "Street", 4)', N, 6],
  ['LEFT("Salesforce", 5)', T, 'Sales'],
  ['RIGHT("Salesforce", 5)', T, 'force'],
  ['MID("Salesforce", 3, 4)', T, 'lesf'],
  ['LEN("Salesforce")', N, 10],
  ['LEN("")', N, 0],
  ['LOWER("MYCOMPANY.COM")', T, 'mycompany.com'],
  ['UPPER("mycompany.com")', T, 'MYCOMPANY.COM'],
  ['INITCAP("mary ANN smith")', T, 'Mary Ann Smith'],
  ["LPAD('my_company.com', 14, 'z')", T, 'my_company.com'],
  ["LPAD('mycompany.com', 15, 'z')", T, 'zzmycompany.com'],
  ["LPAD('mycompany.com', 2)", T, 'my'],
  ["RPAD('my_company.com', 14, 'z')", T, 'my_company.com'],
  ["RPAD('mycompany.com', 15, 'z')", T, 'mycompany.comzz'],
  ["RPAD('mycompany.com', 2)", T, 'my'],
  ['SUBSTITUTE("Dear Customer", "Customer", "Client")', T, 'Dear Client'],
  ['SUBSTITUTE("a-b-c", "-", "")', T, 'abc'],
  ['TRIM("  Acme  ")', T, 'Acme'],
  ['"Con" & "cat"', T, 'Concat'],
  ['"a" + "b"', T, 'ab'],
  ['TEXT(12.50)', T, '12.5'],
  ['TEXT(-3)', T, '-3'],
  ['TEXT(DATE(2005, 11, 15))', T, '2005-11-15'],
  ['TEXT(DATETIMEVALUE("2005-11-15 17:00:00"))', T, '2005-11-15 17:00:00Z'],
  ['TEXT(TIMEVALUE("17:30:45.125"))', T, '17:30:45.125Z'],
  ['REGEX("999-99-9999", "[0-9]{3}-[0-9]{2}-[0-9]{4}")', B, true],
  ['REGEX("999-99-999", "[0-9]{3}-[0-9]{2}-[0-9]{4}")', B, false],
  ['REGEX("a1", "\\\\w\\\\d")', B, true],
  ['ISNUMBER("12")', B, true],
  ['ISNUMBER("-1.5")', B, true],
  ['ISNUMBER("1.5e3")', B, true],
  ['ISNUMBER("1,000")', B, false],
  ['ISNUMBER("")', B, false],
  ['CASESAFEID("001000000000001")', T, '001000000000001AAA'],
  [
    'HYPERLINK("http://www.example.com", "Example")',
    T,
    '<a href="http://www.example.com" target="_blank">Example</a>',
  ],
  [
    'IMAGE("/img/star.gif", "star", 10, 12)',
    T,
    '<img src="/img/star.gif" alt="star" height="10" width="12" border="0"/>',
  ],
  ['"line1" & BR() & "line2"', T, 'line1<br>line2'],
  // logical
  ['IF(1 > 2, "yes", "no")', T, 'no'],
  ['CASE(3, 1, "one", 3, "three", "other")', T, 'three'],
  ['CASE("x", "a", 1, 2)', N, 2],
  ['AND(TRUE, FALSE)', B, false],
  ['OR(TRUE, FALSE)', B, true],
  ['NOT(FALSE)', B, true],
  ['TRUE && !FALSE || FALSE', B, true],
  ['1 = 1 && 2 <> 3 && 2 != 3 && 1 == 1', B, true],
  ['"abc" < "abd"', B, true],
  ['ISBLANK("")', B, true],
  ['ISBLANK(" ")', B, false],
  ['ISBLANK(NULL)', B, true],
  ['ISNULL("")', B, false],
  ['BLANKVALUE("", "default")', T, 'default'],
  ['BLANKVALUE("given", "default")', T, 'given'],
  ['NULLVALUE(NULL, 5) + 1', N, 6],
  ['NULL + 1', N, null],
  ['IF(NULL > 1, "yes", "no")', T, 'no'],
  // dates and times
  ['TODAY()', D, '2026-02-01'],
  ['NOW()', DT, '2026-02-01T10:00:00.000+0000'],
  ['TIMENOW()', TM, '10:00:00.000Z'],
  ['TODAY() + 7', D, '2026-02-08'],
  ['TODAY() - DATE(2026, 1, 1)', N, 31],
  ['NOW() + 0.5', DT, '2026-02-01T22:00:00.000+0000'],
  ['NOW() - DATETIMEVALUE("2026-01-31 10:00:00")', N, 1],
  ['DATE(2005, 1, 2)', D, '2005-01-02'],
  ['DATEVALUE("2005-11-15")', D, '2005-11-15'],
  ['DATEVALUE(NOW())', D, '2026-02-01'],
  ['DATETIMEVALUE("2005-11-15 17:00:00")', DT, '2005-11-15T17:00:00.000+0000'],
  ['DATETIMEVALUE(DATE(2005, 11, 15))', DT, '2005-11-15T00:00:00.000+0000'],
  ['TIMEVALUE("17:30:45.125")', TM, '17:30:45.125Z'],
  ['TIMEVALUE(NOW())', TM, '10:00:00.000Z'],
  ['TIMEVALUE("10:00:00") + 3600000', TM, '11:00:00.000Z'],
  ['TIMEVALUE("23:30:00") + 3600000', TM, '00:30:00.000Z'],
  ['TIMEVALUE("11:00:00") - TIMEVALUE("10:00:00")', N, 3_600_000],
  ['YEAR(DATE(2024, 2, 29))', N, 2024],
  ['MONTH(DATE(2024, 2, 29))', N, 2],
  ['DAY(DATE(2024, 2, 29))', N, 29],
  ['HOUR(TIMEVALUE("17:30:45.125"))', N, 17],
  ['MINUTE(TIMEVALUE("17:30:45.125"))', N, 30],
  ['SECOND(TIMEVALUE("17:30:45.125"))', N, 45],
  ['MILLISECOND(TIMEVALUE("17:30:45.125"))', N, 125],
  ['WEEKDAY(TODAY())', N, 1],
  ['WEEKDAY(DATE(2026, 2, 7))', N, 7],
  ['ADDMONTHS(DATE(2017, 9, 20), 5)', D, '2018-02-20'],
  ['ADDMONTHS(DATE(2017, 9, 30), 5)', D, '2018-02-28'],
  ['ADDMONTHS(DATE(2024, 1, 31), 1)', D, '2024-02-29'],
  ['ADDMONTHS(DATE(2024, 3, 15), -2)', D, '2024-01-15'],
  ['ISOWEEK(DATE(2021, 1, 1))', N, 53],
  ['ISOYEAR(DATE(2021, 1, 1))', N, 2020],
  ['ISOWEEK(DATE(2026, 2, 1))', N, 5],
  ['DAYOFYEAR(DATE(2026, 2, 1))', N, 32],
  ['UNIXTIMESTAMP(DATE(1970, 1, 2))', N, 86400],
  ['UNIXTIMESTAMP(DATETIMEVALUE("1970-01-01 00:01:00"))', N, 60],
  ['FROMUNIXTIME(1700000000)', DT, '2023-11-14T22:13:20.000+0000'],
  ['NOW() + ((30 - MOD(MINUTE(TIMEVALUE(NOW())), 30)) / 60) / 24', DT, '2026-02-01T10:30:00.000+0000'],
  ['MOD(FLOOR(VALUE("1500") / 60), 12)', N, 1],
  // geolocation
  ['ROUND(DISTANCE(GEOLOCATION(0, 0), GEOLOCATION(0, 1), "km"), 1)', N, 111.2],
  ['ROUND(DISTANCE(GEOLOCATION(0, 0), GEOLOCATION(1, 0), "mi"), 1)', N, 69.1],
]

it('answers the formula reference’s examples, function by function', () => {
  const metadata = createMetadataService(crmSchemaInput)
  const object = metadata.getObject('Account')
  const schema = {
    findObject: (name: string) => metadata.findObject(name),
    findField: metadata.findField,
    parentRelationship: (from: Parameters<typeof metadata.parentRelationship>[0], name: string) =>
      metadata.parentRelationship(from, name),
  }
  const env = {
    now: () => new Date('2026-02-01T10:00:00Z'),
    record: () => undefined,
    value: () => null,
  }
  const wrong: string[] = []
  for (const [text, type, expected] of REFERENCE) {
    const compiled = compileFormula(
      text,
      { schema, object, kind: 'formula', blankAsZero: false },
      { field: type, scale: 6 },
    )
    const result = 'unsupported' in compiled ? { error: compiled.unsupported } : compiled.evaluate({}, env)
    const value = 'value' in result ? result.value : `error: ${result.error}`
    if (value !== expected)
      wrong.push(`${text}: ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`)
  }
  console.log(
    `formula reference: ${REFERENCE.length - wrong.length}/${REFERENCE.length} examples as documented`,
  )
  expect(wrong).toEqual([])
})
