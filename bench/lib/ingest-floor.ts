/**
 * @module
 * The bulk ingest's floor: the rows csv-parse reads, kept as records the way the replica's store
 * keeps them (one plain object per row with every stored field of the object, an 18-character id,
 * the stamps) in a `Map` by id, and nothing else: no HTTP, job, validation, rules or results. What
 * it costs beyond the parse is what any ingest that keeps 100k rows as records pays on this Node.
 */

/** Keeps each data row it is given (the first row given is the header) as a record of `fields`. */
export function recordKeeper(fields: readonly string[]) {
  const records = new Map<string, Readonly<Record<string, unknown>>>()
  const stamp = new Date().toISOString()
  let header: string[] | undefined
  return {
    keep(row: string[]): void {
      if (header === undefined) {
        header = row
        return
      }
      const id = `001Rm${String(records.size + 1).padStart(10, '0')}AAA`
      const values: Record<string, unknown> = {
        Id: id,
        CreatedDate: stamp,
        LastModifiedDate: stamp,
        SystemModstamp: stamp,
      }
      for (let at = 0; at < row.length; at++) values[header[at]!] = row[at]
      // built as the store builds a record: every stored field in order, null where unset, frozen
      const record: Record<string, unknown> = {}
      for (const name of fields) record[name] = values[name] ?? null
      records.set(id, Object.freeze(record))
    },
    get size(): number {
      return records.size
    },
  }
}
