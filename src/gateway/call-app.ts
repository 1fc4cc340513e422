/**
 * @module
 * What an app answered an admitted call, read against the cap: a response over it is refused
 * (`response_too_large`). The built-in app's routes answer in the same request (`appAnswer` reads
 * what they left in the context); a user's `NativeHandler` gets a `Request` of its own
 * (`callHandler`), and one that throws is an `upstream_error` (logged).
 */
import {
  MAX_NATIVE_BODY_BYTES,
  type NativeAnswer,
  type NativeEndpoint,
  type NativeHandler,
} from '../replica/native-call.js'
import type { AdmittedCall } from './admit-call.js'
import type { CallOutcome } from './call-outcome.js'
import { GatewayRefusal, type RefusedCallTarget } from './gateway-refusal.js'
import { bodyAnswered, readCapped } from './read-capped.js'
import type { ReceivedCall } from './received-call.js'
import { nativeRequest } from './request-body.js'

export interface AnswerOptions {
  /** The endpoint that served the call (the built-in routes say). */
  endpoint?: NativeEndpoint | undefined
  /** The answer carries a file's bytes (kept out of the recording). */
  binary?: boolean | undefined
  /**
   * The body a built-in route made `response` from, when it still is that route's answer
   * (`routeAnswer`): taken as it is, since reading an answer back from its stream costs more than
   * anything else the gateway does (docs/decisions/0067).
   */
  answeredBody?: NativeAnswer['body'] | undefined
}

/** The response an app answered, read whole (at most the cap) for the client and the recording. */
export async function appAnswer(
  response: Pick<Response, 'status' | 'headers' | 'body'>,
  where: RefusedCallTarget,
  { endpoint, binary = false, answeredBody }: AnswerOptions = {},
): Promise<CallOutcome> {
  const { status, headers } = response
  const read =
    answeredBody !== undefined
      ? bodyAnswered(answeredBody, MAX_NATIVE_BODY_BYTES)
      : await readCapped(response.body, MAX_NATIVE_BODY_BYTES, headers.get('content-length'))
  if (!read.complete) {
    throw new GatewayRefusal(
      'response_too_large',
      `Failed to pass the app's response on: it is larger than ${MAX_NATIVE_BODY_BYTES} bytes`,
      where,
    )
  }
  const body = {
    contentType: headers.get('content-type'),
    data: read.bytes,
    complete: true,
    size: read.size,
    ...(binary && { binary: true }),
  }
  return { status, headers, body, respondedBy: 'app', errorCode: null, endpoint }
}

/**
 * The answer a built-in route left in the context (`c.get('nativeAnswer')`), if the response is
 * still that answer (nothing replaced it after the route).
 */
export function routeAnswer(
  answered: NativeAnswer | undefined,
  response: Pick<Response, 'body'>,
): NativeAnswer | undefined {
  return answered?.response === response ? answered : undefined
}

/**
 * Hands an admitted call to a user's app: a new `Request` for the native path on the mock's
 * configured `origin`, with the body the gateway read.
 */
export async function callHandler(
  handler: NativeHandler,
  call: ReceivedCall,
  admitted: AdmittedCall,
  origin: string,
): Promise<CallOutcome> {
  const { request, url } = call
  const { native, path, where } = admitted
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
  // the request id is the service's, whatever the app named
  const headers = new Headers([...response.headers].filter(([name]) => name !== 'x-request-id'))
  return appAnswer({ status: response.status, headers, body: response.body }, where)
}
