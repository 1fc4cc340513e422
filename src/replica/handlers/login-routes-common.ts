/**
 * @module
 * What the login routes (OAuth 2.0, SOAP login, identity) share: the `LoginContext` of a call,
 * and the parameters of a login request, from the query and a form body.
 */
import { UnsupportedFeatureError } from '../errors.js'
import type { LoginContext } from '../oauth/login-context.js'
import { OAuthError } from '../oauth/oauth-error.js'
import { type NativeContext, nativeMethod } from './native-env.js'
import { bodyText } from './read-json-body.js'

export function loginContext(c: NativeContext): LoginContext {
  const { management } = c.get('options')
  if (!management) throw new UnsupportedFeatureError('Logging in (no management context is bound)')
  return { management, app: c.get('data'), call: c.get('native').call, origin: c.get('native').origin }
}

/**
 * The request's parameters: the query string's and, on a POST, the form body's. A parameter
 * given twice is refused (which one was meant is not for the replica to guess).
 */
export async function formParams(c: NativeContext): Promise<Record<string, string>> {
  const sources = [new URL(c.req.url).searchParams]
  if (nativeMethod(c) === 'POST') {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const text = bodyText(c)
    if (text !== '' && type !== 'application/x-www-form-urlencoded') {
      throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded')
    }
    sources.push(new URLSearchParams(text))
  }
  const params: Record<string, string> = {}
  for (const source of sources) {
    for (const [name, value] of source) {
      if (Object.hasOwn(params, name)) throw new OAuthError('invalid_request', `duplicate parameter ${name}`)
      params[name] = value
    }
  }
  return params
}

/** The client id and secret of HTTP Basic client authentication, folded into the parameters. */
export function withBasicClient(c: NativeContext, params: Record<string, string>): Record<string, string> {
  const basic = c.req.header('authorization')?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1]
  if (!basic) return params
  const text = Buffer.from(basic, 'base64').toString('utf8')
  const at = text.indexOf(':')
  const [id, secret] = at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)]
  for (const [name, value] of [
    ['client_id', decodeURIComponent(id)],
    ['client_secret', decodeURIComponent(secret)],
  ] as const) {
    if (params[name] !== undefined && params[name] !== value) {
      throw new OAuthError('invalid_request', `${name} differs between the body and the Authorization header`)
    }
    if (value !== '') params[name] = value
  }
  return params
}
