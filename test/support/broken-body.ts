/**
 * A request body whose stream fails after its first bytes, as a client that drops the connection
 * mid-body looks to a handler (in-process, a stream that errors).
 */

/** A stream that sends `head`, then fails with `message`. */
export function brokenBody(head: string, message = 'connection reset'): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head))
      controller.error(new Error(message))
    },
  })
}

/** `RequestInit` sending `body` as a stream (`duplex: 'half'`, which Node's `fetch` requires). */
export function streamedInit(body: ReadableStream<Uint8Array>, init: RequestInit = {}): RequestInit {
  return { ...init, body, duplex: 'half' } as RequestInit
}
