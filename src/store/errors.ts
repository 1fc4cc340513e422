/**
 * @module
 * Store errors. They never leak to a client as-is: the handler boundary turns them into
 * an `internal_error` (a record the domain built is invalid — a bug) or a not-found.
 */

export class StoreError extends Error {
  override name = 'StoreError'
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> = [],
  ) {
    super(message)
  }
}
