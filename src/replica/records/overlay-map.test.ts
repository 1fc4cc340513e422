import { describe, expect, it } from 'vitest'
import { COPY_BELOW, layerOver, layerOverSet, OverlayMap, OverlaySet, ownedValue } from './overlay-map.js'

function base() {
  return new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ])
}

describe('OverlayMap', () => {
  it('reads through to the base and keeps every write to itself', () => {
    const under = base()
    const over = new OverlayMap(under)
    over.set('b', 20).set('d', 4)
    expect(over.delete('a')).toBe(true)
    expect(over.delete('a')).toBe(false)
    expect(over.delete('missing')).toBe(false)
    expect([over.get('a'), over.get('b'), over.get('c'), over.get('d')]).toEqual([undefined, 20, 3, 4])
    expect([over.has('a'), over.has('c'), over.has('d')]).toEqual([false, true, true])
    expect(over.size).toBe(3)
    expect([...under]).toEqual([...base()])
  })

  it('iterates like a Map: base order with overwritten values in place, then added keys', () => {
    const over = new OverlayMap(base())
    over.set('e', 5)
    over.set('b', 20)
    over.delete('c')
    over.set('d', 4)
    expect([...over]).toEqual([
      ['a', 1],
      ['b', 20],
      ['e', 5],
      ['d', 4],
    ])
    expect([...over.keys()]).toEqual(['a', 'b', 'e', 'd'])
    expect([...over.values()]).toEqual([1, 20, 5, 4])
  })

  it('brings a deleted base key back when it is set again, and forgets added keys it deletes', () => {
    const over = new OverlayMap(base())
    over.delete('a')
    over.set('a', 10)
    over.set('x', 9)
    over.delete('x')
    expect([...over]).toEqual([
      ['a', 10],
      ['b', 2],
      ['c', 3],
    ])
    expect(over.size).toBe(3)
  })

  it('clears without touching the base', () => {
    const under = base()
    const over = new OverlayMap(under)
    over.clear()
    over.set('z', 26)
    expect([...over]).toEqual([['z', 26]])
    expect(under.size).toBe(3)
  })
})

const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}`)

describe('layerOver', () => {
  it('overlays a large map, flattening overlays chained four deep into a Map of copied values', () => {
    let map: Map<string, number[]> | OverlayMap<string, number[]> = new Map(
      keys(COPY_BELOW).map((key) => [key, [1]]),
    )
    const depths: number[] = []
    for (let i = 0; i < 5; i++) {
      map = layerOver(map, (value) => [...value]) as typeof map
      depths.push(map instanceof OverlayMap ? map.depth : 0)
    }
    expect(depths).toEqual([1, 2, 3, 4, 0])
    expect(map.get('k0')).toEqual([1])
  })

  it('copies a small map instead: an overlay would cost more on every access', () => {
    const values = [1]
    const small = new Map(keys(COPY_BELOW - 1).map((key) => [key, values]))
    const copy = layerOver(small, (value) => [...value])
    expect(copy).toBeInstanceOf(Map)
    expect(copy.get('k0')).toEqual([1])
    expect(copy.get('k0')).not.toBe(values)
  })
})

describe('ownedValue', () => {
  it('copies a value the overlay shares with its base before it is changed, once', () => {
    const shared = new Set(['id1'])
    const over = new OverlayMap(new Map([['key', shared]]))
    const copy = (ids: Set<string>) => new Set(ids)
    const mine = ownedValue(over, 'key', over.get('key')!, copy)
    mine.add('id2')
    expect(shared).toEqual(new Set(['id1']))
    expect(over.get('key')).toEqual(new Set(['id1', 'id2']))
    expect(ownedValue(over, 'key', mine, copy)).toBe(mine)
    const plain = new Map([['key', shared]])
    expect(ownedValue(plain, 'key', shared, copy)).toBe(shared)
  })
})

describe('OverlaySet', () => {
  it('adds and deletes over a base it leaves alone, iterating base order then additions', () => {
    const under = new Set(['a', 'b', 'c'])
    const over = new OverlaySet(under)
    over.add('d').add('a')
    expect(over.delete('b')).toBe(true)
    expect(over.delete('b')).toBe(false)
    expect(over.delete('missing')).toBe(false)
    over.add('b')
    over.delete('d')
    over.add('e')
    expect([...over]).toEqual(['a', 'b', 'c', 'e'])
    expect([...over.values()]).toEqual(['a', 'b', 'c', 'e'])
    expect(over.size).toBe(4)
    expect([over.has('b'), over.has('d')]).toEqual([true, false])
    expect([...under]).toEqual(['a', 'b', 'c'])
  })

  it('is layered four deep at most, then copied; a small set is copied at once', () => {
    let set: Set<string> | OverlaySet<string> = new Set(keys(COPY_BELOW))
    const depths: number[] = []
    for (let i = 0; i < 5; i++) {
      set = layerOverSet(set) as typeof set
      depths.push(set instanceof OverlaySet ? set.depth : 0)
    }
    expect(depths).toEqual([1, 2, 3, 4, 0])
    expect(set.size).toBe(COPY_BELOW)
    expect(layerOverSet(new Set(['x']))).toBeInstanceOf(Set)
  })
})
