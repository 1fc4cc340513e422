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

  it('reads the edges of each segment: trailing slashes, empty segments, a `t` without a token', () => {
    const cases: Array<[string, ReturnType<typeof parseAppPath>]> = [
      [
        '/apps/env_a',
        { prefix: { environmentId: 'env_a', appName: undefined }, urlToken: undefined, nativePath: '/' },
      ],
      [
        '/apps/env_a/',
        { prefix: { environmentId: 'env_a', appName: undefined }, urlToken: undefined, nativePath: '/' },
      ],
      [
        '/apps/env_a/crm/',
        { prefix: { environmentId: 'env_a', appName: 'crm' }, urlToken: undefined, nativePath: '/' },
      ],
      [
        '/apps/env_a//x',
        { prefix: { environmentId: 'env_a', appName: undefined }, urlToken: undefined, nativePath: '//x' },
      ],
      // `t` with nothing after it is an app named t; `t/` then the native root
      [
        '/apps/env_a/t',
        { prefix: { environmentId: 'env_a', appName: 't' }, urlToken: undefined, nativePath: '/' },
      ],
      [
        '/apps/env_a/t/',
        { prefix: { environmentId: 'env_a', appName: 't' }, urlToken: undefined, nativePath: '/' },
      ],
      [
        '/apps/env_a/t//x',
        { prefix: { environmentId: 'env_a', appName: 't' }, urlToken: undefined, nativePath: '//x' },
      ],
      [
        '/apps/env_a/tt/t/tok/',
        { prefix: { environmentId: 'env_a', appName: 'tt' }, urlToken: 'tok', nativePath: '/' },
      ],
      [
        '/apps/env_a/crm/t/tok',
        { prefix: { environmentId: 'env_a', appName: 'crm' }, urlToken: 'tok', nativePath: '/' },
      ],
      [
        '/apps/env_a/services',
        {
          prefix: { environmentId: 'env_a', appName: undefined },
          urlToken: undefined,
          nativePath: '/services',
        },
      ],
      ['/apps/env_a/crm/t/%zz/x', undefined],
      ['/appsx/env_a', { nativePath: '/appsx/env_a' }],
    ]
    for (const [path, expected] of cases) expect(parseAppPath(path), path).toEqual(expected)
  })
})
