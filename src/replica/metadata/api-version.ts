/**
 * @module
 * Native API versions. Paths carry `v60.0`, describe urls are built from `60.0`; internally a
 * version is the number 60 so `sinceVersion` comparisons are plain numbers.
 */

const VERSION = /^v?(\d{1,3})(?:\.(\d))?$/

/** `"v60.0"`, `"60.0"`, `"60"` or `60` -> 60; anything else (including `"60.5"`) -> undefined. */
export function parseApiVersion(input: string | number): number | undefined {
  if (typeof input === 'number') return Number.isInteger(input) && input > 0 ? input : undefined
  const match = VERSION.exec(input.trim())
  if (!match || (match[2] !== undefined && match[2] !== '0')) return undefined
  const version = Number(match[1])
  return version > 0 ? version : undefined
}

/** 60 -> `"60.0"` (the form in urls and in `GET /services/data`). */
export function formatApiVersion(version: string | number): string {
  const parsed = parseApiVersion(version)
  if (parsed === undefined) throw new TypeError(`Failed to format API version: "${version}" is not one`)
  return `${parsed}.0`
}

/** The REST base path of a version: `/services/data/v60.0`. */
export function versionBasePath(version: string | number): string {
  return `/services/data/v${formatApiVersion(version)}`
}
