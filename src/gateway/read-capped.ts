/**
 * @module
 * Reads a request or response body into memory, stopping once it is over a cap, so a body larger
 * than the gateway accepts is never buffered whole.
 */

export interface CappedBody {
  /** The whole body, or what was read of it when `complete` is false. */
  bytes: Uint8Array<ArrayBuffer>
  /** False when the body is larger than the cap (and was not read to its end). */
  complete: boolean
  /** Total size in bytes, when known. */
  size: number | null
}

const EMPTY = new Uint8Array(0) as Uint8Array<ArrayBuffer>

/**
 * @param declaredLength the `content-length` header, if any: a larger one is refused unread.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  declaredLength?: string | null,
): Promise<CappedBody> {
  const declared = declaredLength == null || declaredLength === '' ? Number.NaN : Number(declaredLength)
  if (Number.isSafeInteger(declared) && declared > maxBytes) {
    cancel(body)
    return { bytes: EMPTY, complete: false, size: declared }
  }
  if (!body) return { bytes: EMPTY, complete: true, size: 0 }

  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    length += value.byteLength
    if (length > maxBytes) {
      // not awaited: some sources (MSW's interceptor) settle a cancel only once they are drained
      reader.cancel().catch(() => undefined)
      return { bytes: concat(chunks, length), complete: false, size: null }
    }
  }
  return { bytes: concat(chunks, length), complete: true, size: length }
}

/** A body already in memory (a built-in route's answer) against the same cap. */
export function bodyAnswered(body: string | Uint8Array<ArrayBuffer> | null, maxBytes: number): CappedBody {
  if (body === null) return { bytes: EMPTY, complete: true, size: 0 }
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  const complete = bytes.byteLength <= maxBytes
  return { bytes: complete ? bytes : bytes.subarray(0, maxBytes), complete, size: bytes.byteLength }
}

/** Why a body could not be read, for the caller: its stream failed (a dropped connection, an erroring stream). */
export function unreadableBodyReason(error: unknown): string {
  return `Failed to read the request body: ${error instanceof Error ? error.message : String(error)}`
}

function cancel(body: ReadableStream<Uint8Array> | null): void {
  body?.cancel().catch(() => undefined)
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  // a stream's chunk is never backed by a SharedArrayBuffer
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>
  const out = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}
