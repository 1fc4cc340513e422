/**
 * @module
 * A stand-in for the CRM replica's native handler until it is wired in: it answers
 * `GET /services/data` (the served API versions, in Salesforce's shape) and 404 in the native
 * error shape otherwise.
 */
import type { NativeCall, NativeHandler } from './native-call.js'

/** Salesforce's release name of a REST API version: 47.0 was Winter '20, then Spring, Summer, Winter... */
export function releaseLabel(apiVersion: string): string {
  const major = Number.parseInt(apiVersion, 10)
  const releases = major - 47
  const season = ['Winter', 'Spring', 'Summer'][((releases % 3) + 3) % 3]
  const year = 20 + Math.floor(releases / 3)
  return `${season} '${String(year).padStart(2, '0')}`
}

/** The body of `GET /services/data`: one entry per served version. */
export function versionList(call: NativeCall) {
  return call.apiVersions.map((version) => ({
    label: releaseLabel(version),
    url: `/services/data/v${version}`,
    version,
  }))
}

export function createPlaceholderNativeHandler(): NativeHandler {
  return async (request, call) => {
    const { pathname } = new URL(request.url)
    if ((request.method === 'GET' || request.method === 'HEAD') && /^\/services\/data\/?$/.test(pathname)) {
      return Response.json(versionList(call))
    }
    return Response.json([{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }], {
      status: 404,
    })
  }
}
