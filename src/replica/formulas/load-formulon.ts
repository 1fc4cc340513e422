/**
 * @module
 * formulon (CommonJS, with decimal.js) loads with the first formula parsed: a schema without
 * formula fields, validation rules or roll-up filters never loads it. `require` is synchronous,
 * so schemas still compile synchronously; Node's module cache keeps the one copy.
 */
import { createRequire } from 'node:module'

// named `require` so that tools reading imports (scripts/check-package.ts) see the dependency
const require = createRequire(import.meta.url)

export function loadFormulon(): typeof import('formulon') {
  return require('formulon') as typeof import('formulon')
}
