import { describe, expect, it } from 'vitest'
import { splitUrl } from './split-url.js'

describe('splitUrl', () => {
  it.for([
    'https://api.replica.test/services/data',
    'http://127.0.0.1:4010/apps/env_a/crm/services/data?q=SELECT+Id&x=%2F',
    'https://api.replica.test/',
    'https://api.replica.test',
    'https://api.replica.test?x=1',
    'https://api.replica.test/a/b?',
    'https://api.replica.test/a#frag?no',
    'https://api.replica.test/a?b=1#frag',
    'https://api.replica.test/a?b=/c',
  ])('agrees with URL on %s', (href) => {
    const url = new URL(href)
    expect(splitUrl(href)).toEqual({ origin: url.origin, pathname: url.pathname, search: url.search })
  })
})
