/**
 * @module
 * The uploaded rows of an ingest job, packed: every block of 1024 rows is one string of its cells
 * end to end plus a `Uint32Array` of where each cell ends. A row read back is a fresh array of its
 * cells. Kept as `string[][]`, 100k six-column rows weighed ~5x their CSV file (an array and six
 * string headers per row); packed, about the file's size plus 4 bytes a cell, so a job holds its
 * upload about once (bench/benches/bulk.ts prints the figure).
 */

const BLOCK_SHIFT = 10
const BLOCK_ROWS = 1 << BLOCK_SHIFT

interface Block {
  text: string
  /** End offset in `text` of each cell, row after row. */
  ends: Uint32Array
}

export class RowTable {
  readonly width: number
  #blocks: Block[] = []
  /** Cells of the rows not yet packed into a block. */
  #open: string[] = []
  #length = 0

  constructor(width: number) {
    this.width = width
  }

  get length(): number {
    return this.#length
  }

  /** Adds a row of exactly `width` cells. */
  push(row: readonly string[]): void {
    if (row.length !== this.width) {
      throw new TypeError(`[replica-mock] Failed to keep a row: ${row.length} cells, expected ${this.width}`)
    }
    for (const cell of row) this.#open.push(cell)
    this.#length++
    if (this.#length % BLOCK_ROWS === 0) this.#seal()
  }

  /** The cells of row `index`. */
  row(index: number): string[] {
    if (index < 0 || index >= this.#length) throw new RangeError(`[replica-mock] No row ${index}`)
    const blockIndex = index >> BLOCK_SHIFT
    const first = (index & (BLOCK_ROWS - 1)) * this.width
    if (blockIndex === this.#blocks.length) return this.#open.slice(first, first + this.width)
    const { text, ends } = this.#blocks[blockIndex]!
    const cells: string[] = []
    let start = first === 0 ? 0 : ends[first - 1]!
    for (const end of ends.subarray(first, first + this.width)) {
      cells.push(text.slice(start, end))
      start = end
    }
    return cells
  }

  /** Adds every row of `other` (a later upload with the same header). */
  append(other: RowTable): void {
    for (let index = 0; index < other.length; index++) this.push(other.row(index))
  }

  *[Symbol.iterator](): Generator<string[]> {
    for (let index = 0; index < this.#length; index++) yield this.row(index)
  }

  #seal(): void {
    const cells = this.#open
    const ends = new Uint32Array(cells.length)
    let offset = 0
    for (let at = 0; at < cells.length; at++) {
      offset += cells[at]!.length
      ends[at] = offset
    }
    this.#blocks.push({ text: cells.join(''), ends })
    this.#open = []
  }
}
