import { describe, expect, it } from 'vitest'
import { type AppsOf, createEnvironmentData, type EnvironmentAppRef } from './environment-data.js'

/** A stand-in app: a list of rows, fresh apps start with `['seed']`. */
class FakeApp {
  constructor(
    readonly appId: string,
    public rows: string[],
  ) {}
  serialise() {
    return { rows: this.rows }
  }
  mark() {
    const kept = [...this.rows]
    return () => {
      this.rows = [...kept]
      return this
    }
  }
}

function setup(
  environments: Record<string, EnvironmentAppRef[]> = { env_1: [{ name: 'crm', appId: 'crm' }] },
) {
  const appsOf: AppsOf = (id) => environments[id]
  const data = createEnvironmentData<FakeApp>({
    create({ appId }, content) {
      if (content === undefined) return new FakeApp(appId, ['seed'])
      const rows = (content as { rows?: unknown }).rows
      if (!Array.isArray(rows)) throw new TypeError('[replica-mock] Failed to restore: rows must be a list')
      return new FakeApp(appId, [...rows])
    },
    appsOf,
  })
  const env = (id: string) => ({ id, apps: environments[id] ?? [] })
  return { data, environments, env }
}

describe('createEnvironmentData', () => {
  it('creates every app of an environment fresh, and returns the same live instance after', () => {
    const { data, env } = setup({
      env_1: [
        { name: 'crm', appId: 'crm' },
        { name: 'billing', appId: 'crm' },
      ],
    })
    data.restore(env('env_1'))
    const crm = data.get('env_1', 'crm')!
    expect(crm.rows).toEqual(['seed'])
    crm.rows.push('later')
    expect(data.get('env_1', 'crm')?.rows).toEqual(['seed', 'later'])
    expect(data.serialise('env_1')).toEqual({ crm: { rows: ['seed', 'later'] }, billing: { rows: ['seed'] } })
  })

  it('restores apps from content and leaves restored and source instances apart', () => {
    const { data, env } = setup({
      env_1: [{ name: 'crm', appId: 'crm' }],
      env_2: [{ name: 'crm', appId: 'crm' }],
    })
    data.restore(env('env_1'), { crm: { rows: ['a'] } })
    data.restore(env('env_2'), JSON.parse(JSON.stringify(data.serialise('env_1'))))
    data.get('env_1', 'crm')!.rows.push('only in source')
    expect(data.get('env_2', 'crm')?.rows).toEqual(['a'])
  })

  it('comes back to a mark: marked apps as they were, environments made since released', () => {
    const { data, env } = setup({
      env_1: [{ name: 'crm', appId: 'crm' }],
      env_2: [{ name: 'crm', appId: 'crm' }],
    })
    data.restore(env('env_1'), { crm: { rows: ['a'] } })
    const mark = data.mark()
    data.get('env_1', 'crm')!.rows.push('after the mark')
    data.restore(env('env_2'))
    data.backTo(mark)
    expect(data.get('env_1', 'crm')?.rows).toEqual(['a'])
    expect(Object.keys(data.exportAll())).toEqual(['env_1'])
    data.drop('env_1')
    data.backTo(mark)
    expect(data.get('env_1', 'crm')?.rows).toEqual(['a'])
  })

  it('creates a missing instance on first use, and none for an unknown environment or app', () => {
    const { data } = setup()
    expect(data.get('env_1', 'crm')?.rows).toEqual(['seed'])
    expect(data.get('env_1', 'erp')).toBeUndefined()
    expect(data.get('env_x', 'crm')).toBeUndefined()
  })

  it('errors on content it cannot restore or an unknown app, and changes nothing', () => {
    const { data, env } = setup()
    data.restore(env('env_1'), { crm: { rows: ['kept'] } })
    expect(() => data.restore(env('env_1'), { crm: { rows: 1 } })).toThrow(
      /Failed to load the data of app "crm" of environment "env_1": Failed to restore: rows must be a list/,
    )
    expect(() => data.restore(env('env_1'), { erp: { rows: [] } })).toThrow(/has no app "erp" \(apps: crm\)/)
    expect(data.get('env_1', 'crm')?.rows).toEqual(['kept'])
  })

  it('forgets a dropped environment', () => {
    const { data, environments, env } = setup()
    data.restore(env('env_1'))
    data.drop('env_1')
    delete environments.env_1
    expect(data.exportAll()).toEqual({})
    expect(data.get('env_1', 'crm')).toBeUndefined()
  })

  it('exports deep copies and imports them all or nothing', () => {
    const { data, env } = setup({
      env_1: [{ name: 'crm', appId: 'crm' }],
      env_2: [{ name: 'crm', appId: 'crm' }],
    })
    data.restore(env('env_1'), { crm: { rows: ['a'] } })
    data.restore(env('env_2'))
    const exported = data.exportAll()
    data.get('env_1', 'crm')!.rows.push('not exported')
    expect(exported).toEqual({ env_1: { crm: { rows: ['a'] } }, env_2: { crm: { rows: ['seed'] } } })

    const { data: copy, env: copyEnv } = setup({
      env_1: [{ name: 'crm', appId: 'crm' }],
      env_2: [{ name: 'crm', appId: 'crm' }],
    })
    copy.restore(copyEnv('env_1'), { crm: { rows: ['before'] } })
    const appsOf: AppsOf = (id) => (id === 'env_1' ? [{ name: 'crm', appId: 'crm' }] : undefined)
    expect(() => copy.prepareImport(exported, appsOf)).toThrow(/"env_2": it does not exist/)
    expect(copy.get('env_1', 'crm')?.rows).toEqual(['before'])
    copy.prepareImport(exported, (id) => [{ name: 'crm', appId: id }])()
    expect(copy.exportAll()).toEqual(exported)
    copy.clear()
    expect(copy.exportAll()).toEqual({})
  })
})
