/**
 * @module
 * Pending lifecycle transitions ordered by due time: a binary min-heap, so asking "is anything
 * due?" is O(1) and taking the next one O(log n). Entries are hints: whoever pops one re-reads the
 * record and acts only if it is still due, so stale entries (a paused start, a rolled-back
 * create) cost nothing and never need removing.
 */

export type DueKind = 'environment' | 'snapshot'

export interface DueEntry {
  /** Due time in epoch ms on the mock clock. */
  at: number
  kind: DueKind
  id: string
}

interface Slot extends DueEntry {
  seq: number
}

export class DueQueue {
  #heap: Slot[] = []
  #seq = 0

  get size(): number {
    return this.#heap.length
  }

  /** The earliest due time, or undefined when nothing is pending. */
  nextAt(): number | undefined {
    return this.#heap[0]?.at
  }

  push(entry: DueEntry): void {
    const heap = this.#heap
    heap.push({ at: entry.at, kind: entry.kind, id: entry.id, seq: ++this.#seq })
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[i]!, heap[parent]!)) break
      swap(heap, i, parent)
      i = parent
    }
  }

  /** Removes and returns the earliest entry (ties in push order). */
  pop(): DueEntry | undefined {
    const heap = this.#heap
    const top = heap[0]
    if (!top) return undefined
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const left = 2 * i + 1
        const right = left + 1
        let smallest = i
        if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left
        if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right
        if (smallest === i) break
        swap(heap, i, smallest)
        i = smallest
      }
    }
    return { at: top.at, kind: top.kind, id: top.id }
  }

  clear(): void {
    this.#heap = []
  }
}

function before(a: Slot, b: Slot): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq)
}

function swap(heap: Slot[], i: number, j: number): void {
  const held = heap[i]!
  heap[i] = heap[j]!
  heap[j] = held
}
