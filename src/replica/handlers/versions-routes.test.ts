import { expect, it } from 'vitest'
import { releaseLabel, servedVersions } from './versions-routes.js'

it("names Salesforce's releases: three a year, Winter counted with the next year", () => {
  expect(releaseLabel(48)).toBe("Spring '20")
  expect(releaseLabel(49)).toBe("Summer '20")
  expect(releaseLabel(50)).toBe("Winter '21")
  expect(releaseLabel(58)).toBe("Summer '23")
  expect(releaseLabel(59)).toBe("Winter '24")
  expect(releaseLabel(60)).toBe("Spring '24")
  expect(releaseLabel(45)).toBe("Spring '19")
})

it('reads the served versions as numbers, oldest first, without duplicates or junk', () => {
  const call = {
    environmentId: 'env_1',
    appName: 'crm',
    appId: 'crm',
    versionId: 'v',
    actor: 'admin',
    apiVersions: ['60.0', '48.0', '59.0', '60.0', 'next'],
  }
  expect(servedVersions(call)).toEqual([48, 59, 60])
})
