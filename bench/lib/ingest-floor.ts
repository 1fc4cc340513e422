/**
 * @module
 * A floor for the bulk ingest target: the rows csv-parse reads, kept as records the way the
 * replica's store keeps them (one object per row with every stored field of the object, spread
 * from one template; an 18-character id; the stamps) in a `Map` by id, and nothing else: no HTTP,
 * no job, no validation, rules, transaction or results. What it costs beyond the parse is what
 * any ingest that keeps 100k rows as record objects pays on this Node before it checks anything
 * (docs/decisions.md "Stop 37").
 */

/** Keeps each data row it is given (the first row given is the header) as a record of `fields`. */
export function recordKeeper(fields: readonly string[]) {
  const template = Object.fromEntries(fields.map((name) => [name, null])) as Record<string, unknown>
  const records = new Map<string, Record<string, unknown>>()
  const stamp = new Date().toISOString()
  let header: string[] | undefined
  return {
    keep(row: string[]): void {
      if (header === undefined) {
        header = row
        return
      }
      const record = { ...template }
      const id = `001Rm${String(records.size + 1).padStart(10, '0')}AAA`
      record.Id = id
      record.CreatedDate = stamp
      record.LastModifiedDate = stamp
      record.SystemModstamp = stamp
      for (let at = 0; at < row.length; at++) record[header[at]!] = row[at]
      records.set(id, record)
    },
    get size(): number {
      return records.size
    },
  }
}
