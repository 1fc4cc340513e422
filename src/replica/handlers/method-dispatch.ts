/**
 * @module
 * One native resource per path: a handler per HTTP method, and `405 METHOD_NOT_ALLOWED` naming
 * the allowed ones for any other (as the real API answers, instead of a 404). Registering each
 * path once, with no static segment beside a parameter at the same place, keeps every route in
 * Hono's RegExpRouter (one regular expression) instead of its slower trie.
 */
import type { Context, Handler, Hono } from 'hono'
import { ReplicaError } from '../errors.js'
import { type NativeEnv, nativeMethod } from './native-env.js'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
export type MethodHandlers = Partial<Record<Method, Handler<NativeEnv>>>

/**
 * A handler that picks the method's handler (HEAD runs GET's, a `POST` with `?_HttpMethod=` the
 * one it names: `nativeMethod`) or answers 405.
 */
export function byMethod(handlers: MethodHandlers): Handler<NativeEnv> {
  const methods = Object.keys(handlers) as Method[]
  const allowed = (methods.includes('GET') ? ['HEAD', ...methods] : methods).join(',')
  return (c, next) => {
    const asked = nativeMethod(c)
    const method = (asked === 'HEAD' ? 'GET' : asked) as Method
    const handler = handlers[method]
    if (!handler) return methodNotAllowed(c, allowed)
    return handler(c, next)
  }
}

export function methodNotAllowed(c: Context<NativeEnv>, allowed: string): never {
  throw new ReplicaError(
    'METHOD_NOT_ALLOWED',
    `HTTP Method '${nativeMethod(c)}' not allowed. Allowed are ${allowed}`,
  )
}

export function resource(app: Hono<NativeEnv>, path: string, handlers: MethodHandlers): void {
  app.all(path, byMethod(handlers))
}
