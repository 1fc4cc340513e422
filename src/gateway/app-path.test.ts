import { describe, expect, it } from 'vitest'
import { parseAppPath } from './app-path.js'

describe('parseAppPath', () => {
  it('reads every form of the prefix', () => {
    expect(parseAppPath('/services/data')).toEqual({ nativePath: '/services/data' })
    expect(parseAppPath('/apps/env_a/services/data')).toEqual({
      prefix: { environmentId: 'env_a', appName: undefined },
      urlToken: undefined,
      nativePath: '/services/data',
    })
    expect(parseAppPath('/apps/env_a/crm/services/data')).toMatchObject({
      prefix: { environmentId: 'env_a', appName: 'crm' },
      nativePath: '/services/data',
    })
    expect(parseAppPath('/apps/env_a/crm/t/tok_1/services/data')).toMatchObject({
      prefix: { environmentId: 'env_a', appName: 'crm' },
      urlToken: 'tok_1',
      nativePath: '/services/data',
    })
    expect(parseAppPath('/apps/env_a/t/tok_1/services/data')).toMatchObject({
      prefix: { environmentId: 'env_a', appName: undefined },
      urlToken: 'tok_1',
    })
    expect(parseAppPath('/apps/env_a/crm')).toMatchObject({ nativePath: '/' })
  })

  it('decodes segments and refuses undecodable or missing ones', () => {
    expect(parseAppPath('/apps/env%2Ea/crm/t/a%20b/x')).toMatchObject({
      prefix: { environmentId: 'env.a' },
      urlToken: 'a b',
      nativePath: '/x',
    })
    expect(parseAppPath('/apps')).toBeUndefined()
    expect(parseAppPath('/apps/')).toBeUndefined()
    expect(parseAppPath('/apps/%E0%A4%A')).toBeUndefined()
  })
})
