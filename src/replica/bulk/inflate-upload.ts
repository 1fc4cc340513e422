/**
 * @module
 * A gzip upload inflated as it streams, counted against the upload cap in inflated bytes: the
 * gateway can only count the compressed ones, and 600 KiB of gzip can inflate to 40 MiB (or, at
 * the default cap, without bound). Past 1 MiB, inflating more than 100x what was sent is refused
 * too, as no CSV compresses that well while a gzip bomb does. Either refusal is the native 413
 * `EXCEEDED_MAX_SIZE_REQUEST`, raised as the stream is read: nothing of the upload is kept.
 */
import { ReplicaError } from '../errors.js'

/** The real API's upload limit, and the default of the `maxUploadBytes` option. */
export const DEFAULT_MAX_UPLOAD_BYTES = 150 * 1024 * 1024
const MAX_INFLATE_RATIO = 100
const RATIO_FROM_BYTES = 1024 * 1024

export function inflateGzipUpload(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  let sent = 0
  let inflated = 0
  const countSent = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  const capInflated = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      inflated += chunk.byteLength
      if (inflated > maxBytes) throw tooLarge(`inflates to more than ${maxBytes} bytes, the upload limit`)
      if (inflated > RATIO_FROM_BYTES && inflated > MAX_INFLATE_RATIO * sent) {
        throw tooLarge(`inflates to more than ${MAX_INFLATE_RATIO} times its compressed size`)
      }
      controller.enqueue(chunk)
    },
  })
  return body
    .pipeThrough(countSent)
    .pipeThrough(new DecompressionStream('gzip') as TransformStream<Uint8Array, Uint8Array>)
    .pipeThrough(capInflated)
}

function tooLarge(why: string): ReplicaError {
  return new ReplicaError('EXCEEDED_MAX_SIZE_REQUEST', `Failed to read the job data: the gzip body ${why}`)
}
