import { describe, expect, it } from 'vitest'
import { createEnvironmentData } from './environment-data.js'

describe('createEnvironmentData', () => {
  it('creates an empty holder on first use and returns the same one after', () => {
    const data = createEnvironmentData()
    const holder = data.get('env_1', 'crm')
    expect(holder.value).toEqual({})
    holder.value = { rows: [1] }
    expect(data.get('env_1', 'crm').value).toEqual({ rows: [1] })
  })

  it('serialises and restores deep copies', () => {
    const data = createEnvironmentData()
    data.get('env_1', 'crm').value = { rows: [1] }
    const saved = data.serialise('env_1')
    ;(data.get('env_1', 'crm').value as { rows: number[] }).rows.push(2)
    expect(saved).toEqual({ crm: { rows: [1] } })
    data.restore('env_2', saved)
    ;(saved.crm as { rows: number[] }).rows.push(3)
    expect(data.get('env_2', 'crm').value).toEqual({ rows: [1] })
  })

  it('serialises nothing for an unknown environment and forgets a dropped one', () => {
    const data = createEnvironmentData()
    expect(data.serialise('env_x')).toEqual({})
    data.get('env_1', 'crm').value = 1
    data.drop('env_1')
    expect(data.exportAll()).toEqual({})
  })

  it('exports and imports every environment', () => {
    const data = createEnvironmentData()
    data.get('env_1', 'crm').value = { a: 1 }
    data.get('env_2', 'crm').value = [true]
    const copy = createEnvironmentData()
    copy.importAll(data.exportAll())
    expect(copy.exportAll()).toEqual({ env_1: { crm: { a: 1 } }, env_2: { crm: [true] } })
    copy.clear()
    expect(copy.exportAll()).toEqual({})
  })
})
