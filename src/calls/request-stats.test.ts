import { describe, expect, it } from 'vitest'
import { bucketSizeMs, nearestRank } from './request-stats.js'

describe('nearestRank', () => {
  it('picks the value at rank ceil(p/100 * n)', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30]
    expect(nearestRank(sorted, 50)).toBe(6)
    expect(nearestRank(sorted, 95)).toBe(30)
    expect(nearestRank([7], 50)).toBe(7)
    expect(
      nearestRank(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19)
    expect(nearestRank([], 50)).toBeNull()
  })
})

describe('bucketSizeMs', () => {
  it('takes the smallest nice size giving at most 60 buckets', () => {
    expect(bucketSizeMs(0)).toBe(1000)
    expect(bucketSizeMs(60_000)).toBe(1000)
    expect(bucketSizeMs(60_001)).toBe(2000)
    expect(bucketSizeMs(3_600_000)).toBe(60_000)
    expect(bucketSizeMs(86_400_000)).toBe(1_800_000)
    expect(bucketSizeMs(7 * 86_400_000)).toBe(3 * 3_600_000)
  })

  it('falls back to whole days beyond 60 x 30 days', () => {
    const day = 86_400_000
    expect(bucketSizeMs(61 * 30 * day)).toBe(31 * day)
  })
})
