/**
 * @module
 * Math functions: ABS, CEILING, FLOOR, MCEILING, MFLOOR, ROUND, TRUNC, EXP, LN, LOG, SQRT, MAX,
 * MIN, MOD, and GEOLOCATION / DISTANCE. A blank argument makes the result blank. Salesforce's
 * CEILING and FLOOR round away from and toward zero (CEILING(-2.5) is -3, FLOOR(-2.5) is -2);
 * MCEILING and MFLOOR round up and down (-2 and -3). ROUND rounds half away from zero.
 * @see https://help.salesforce.com/s/articleView?id=sf.customize_functions.htm
 */
import { allArguments, argument, checkArity, fail, type FormulaFunction, number } from './function-helpers.js'
import { FormulaEvalError, type GeoPoint } from './formula-types.js'
import { roundHalfAway } from './formula-values.js'

/** A function of one number; NaN or an infinity (LN(0), SQRT(-1)) is an error. */
function unary(name: string, apply: (value: number) => number): [string, FormulaFunction] {
  const fn: FormulaFunction = (call, compiler) => {
    checkArity(call, 1)
    const read = number(argument(call, compiler, 0, ['number']))
    return {
      type: 'number',
      run(scope) {
        const value = read(scope)
        return value === null ? null : finite(name, apply(value))
      },
    }
  }
  return [name, fn]
}

/** A function of a number and an optional number of digits. */
function withDigits(
  name: string,
  apply: (value: number, digits: number) => number,
): [string, FormulaFunction] {
  const fn: FormulaFunction = (call, compiler) => {
    checkArity(call, name === 'ROUND' ? 2 : 1, 2)
    const read = number(argument(call, compiler, 0, ['number']))
    const digits = call.args.length > 1 ? number(argument(call, compiler, 1, ['number'])) : () => 0
    return {
      type: 'number',
      run(scope) {
        const value = read(scope)
        const places = digits(scope)
        return value === null || places === null ? null : apply(value, Math.trunc(places))
      },
    }
  }
  return [name, fn]
}

export function finite(name: string, value: number): number {
  if (!Number.isFinite(value)) throw new FormulaEvalError(`${name}() has no finite result`)
  return value
}

function truncate(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.trunc(value * factor) / factor
}

function extreme(pick: (...values: number[]) => number): FormulaFunction {
  return (call, compiler) => {
    checkArity(call, 1, Number.POSITIVE_INFINITY)
    const parts = allArguments(call, compiler, ['number']).map(number)
    return {
      type: 'number',
      run(scope) {
        const values: number[] = []
        for (const part of parts) {
          const value = part(scope)
          if (value === null) return null
          values.push(value)
        }
        return pick(...values)
      },
    }
  }
}

const MOD: FormulaFunction = (call, compiler) => {
  checkArity(call, 2)
  const [dividend, divisor] = allArguments(call, compiler, ['number']).map(number) as [
    ReturnType<typeof number>,
    ReturnType<typeof number>,
  ]
  return {
    type: 'number',
    run(scope) {
      const [a, b] = [dividend(scope), divisor(scope)]
      if (a === null || b === null) return null
      if (b === 0) throw new FormulaEvalError('Division by zero in MOD()')
      return a % b
    },
  }
}

const GEOLOCATION: FormulaFunction = (call, compiler) => {
  checkArity(call, 2)
  const [latitude, longitude] = allArguments(call, compiler, ['number']).map(number) as [
    ReturnType<typeof number>,
    ReturnType<typeof number>,
  ]
  return {
    type: 'geolocation',
    run(scope) {
      const [lat, lon] = [latitude(scope), longitude(scope)]
      return lat === null || lon === null ? null : { latitude: lat, longitude: lon }
    },
  }
}

/** Mean Earth radius, in kilometres and miles. */
const EARTH_RADIUS = { km: 6371.0088, mi: 3958.7613 }

const DISTANCE: FormulaFunction = (call, compiler) => {
  checkArity(call, 3)
  const [from, to] = [0, 1].map((index) => argument(call, compiler, index, ['geolocation']).run)
  const unitNode = call.args[2]!
  const unit = unitNode.kind === 'text' ? unitNode.value.toLowerCase() : undefined
  if (unit !== 'km' && unit !== 'mi') {
    fail("DISTANCE() takes the unit 'mi' or 'km' as a text literal", unitNode)
  }
  return {
    type: 'number',
    run(scope) {
      const [a, b] = [from!(scope), to!(scope)] as [GeoPoint | null, GeoPoint | null]
      return a === null || b === null ? null : haversine(a, b) * EARTH_RADIUS[unit]
    },
  }
}

/** The central angle between two points, in radians. */
function haversine(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)))
}

export const MATH_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map([
  unary('ABS', Math.abs),
  unary('CEILING', (value) => (value < 0 ? Math.floor(value) : Math.ceil(value))),
  unary('FLOOR', Math.trunc),
  unary('MCEILING', Math.ceil),
  unary('MFLOOR', Math.floor),
  unary('EXP', Math.exp),
  unary('LN', Math.log),
  unary('LOG', Math.log10),
  unary('SQRT', Math.sqrt),
  withDigits('ROUND', roundHalfAway),
  withDigits('TRUNC', truncate),
  ['MAX', extreme(Math.max)],
  ['MIN', extreme(Math.min)],
  ['MOD', MOD],
  ['GEOLOCATION', GEOLOCATION],
  ['DISTANCE', DISTANCE],
])
