import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checksum, organizationIdOf } from './salesforce-ids.js'

describe('organizationIdOf', () => {
  it('takes its counter from the first 6 bytes of the sha256 of the environment id', () => {
    // saved states derive their org ids again on load: the digest must not change
    for (const environmentId of ['env_first', 'env_fcxt95x20av2ajha', 'env_ü']) {
      let value = createHash('sha256').update(environmentId).digest().readUIntBE(0, 6)
      let counter = ''
      for (let i = 0; i < 9; i++, value = Math.floor(value / 62))
        counter = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[value % 62] + counter
      const id15 = `00DRm0${counter}`
      expect(organizationIdOf(environmentId)).toBe(id15 + checksum(id15))
    }
  })
})
