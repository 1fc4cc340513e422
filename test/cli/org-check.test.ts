import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { UNCOMPILABLE_PROJECT } from '../support/org-schema.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

async function orgCheck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', 'scripts/org-check.ts', ...args], {
      cwd: ROOT,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

it('loads and compiles a project without a server, printing the coverage and each item skipped', async () => {
  const { code, stdout } = await orgCheck(UNCOMPILABLE_PROJECT)
  expect(code).toBe(0)
  expect(stdout).toContain('compiled 2 of 5 formulas, default values and validation rules (40.0%); 3 skipped')
  expect(stdout).toContain(
    `skipped formula Gadget__c.Broken__c at ${UNCOMPILABLE_PROJECT}/force-app/main/default/objects/Gadget__c/fields/Broken__c.field-meta.xml:6: Unknown function NOPE. Check spelling.`,
  )
  expect((await orgCheck(UNCOMPILABLE_PROJECT, '--strict')).code).toBe(1)
})

it('reports 100% on a corpus project given with its dependencies, and fails on a path that does not exist', async () => {
  const corpus = (path: string) => fileURLToPath(new URL(`../corpus/npsp/${path}`, import.meta.url))
  const { code, stdout } = await orgCheck(corpus('dependencies.json'), corpus('source'), '--strict')
  expect(code).toBe(0)
  expect(stdout).toMatch(
    /compiled (\d+) of \1 formulas, default values and validation rules \(100\.0%\); 0 skipped/,
  )
  const missing = await orgCheck(corpus('nope'))
  expect(missing.code).toBe(1)
  expect(missing.stderr).toContain('org-check: Failed to load org schema')
})
