/**
 * @module
 * Passes an admitted call to its app's `NativeHandler` with the native path, and reads the
 * answer against the cap: a response over it is refused (`response_too_large`), an app that
 * throws is an `upstream_error` (logged).
 */
import type { NativeHandler } from '../replica/native-call.js'
import type { AdmittedCall } from './admit-call.js'
import type { CallOutcome } from './call-outcome.js'
import { GatewayRefusal } from './gateway-refusal.js'
import { readCapped } from './read-capped.js'
import type { ReceivedCall } from './received-call.js'
import { nativeRequest } from './request-body.js'

export async function callApp(
  handler: NativeHandler | undefined,
  call: ReceivedCall,
  admitted: AdmittedCall,
  maxBytes: number,
  origin: string,
): Promise<CallOutcome> {
  const { request, url } = call
  const { native, path, where } = admitted
  if (!handler) {
    throw new GatewayRefusal(
      'upstream_error',
      `Failed to call the app: no native handler serves app "${native.appId}"`,
      where,
    )
  }
  let response: Response
  try {
    response = await handler(nativeRequest(request, url, path, call.body, origin), native)
  } catch (error) {
    console.error(
      '[replica-mock] Failed to handle "%s %s" in app "%s"',
      request.method,
      path.nativePath,
      native.appId,
      error,
    )
    throw new GatewayRefusal('upstream_error', 'Failed to call the app: it failed unexpectedly', where)
  }
  const { status, headers } = response
  const read = await readCapped(response.body, maxBytes, headers.get('content-length'))
  if (!read.complete) {
    throw new GatewayRefusal(
      'response_too_large',
      `Failed to pass the app's response on: it is larger than ${maxBytes} bytes`,
      where,
    )
  }
  const binary = native.binaryBodies
  if (binary?.request) call.body.binary = true
  const body = {
    contentType: headers.get('content-type'),
    data: read.bytes,
    complete: true,
    size: read.size,
    ...(binary?.response && { binary: true }),
  }
  return { status, headers, body, respondedBy: 'app', errorCode: null, endpoint: native.endpoint }
}
