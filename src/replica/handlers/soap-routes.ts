/**
 * @module
 * The SOAP partner API endpoint `/services/Soap/u/{version}[/{orgId}]`: `login` and `logout`
 * (`oauth/soap-service.ts`). Answers are `text/xml`; a fault is HTTP 500, as in Salesforce.
 */
import type { Hono } from 'hono'
import { SOAP_CONTENT_TYPE as XML, SoapFault, faultXml } from '../oauth/soap-login.js'
import { soapCall } from '../oauth/soap-service.js'
import { loginContext } from './login-routes-common.js'
import { type NativeContext, type NativeEnv, nativeMethod } from './native-env.js'
import { bodyText } from './read-json-body.js'
import { answerWith } from './json-response.js'

export function soapRoutes(app: Hono<NativeEnv>): void {
  app.all('/services/Soap/u/:version', soap)
  app.all('/services/Soap/u/:version/:org', soap)
}

async function soap(c: NativeContext): Promise<Response> {
  try {
    if (nativeMethod(c) !== 'POST') {
      throw new SoapFault(
        'INVALID_OPERATION',
        `INVALID_OPERATION: HTTP method ${nativeMethod(c)} not allowed; SOAP calls are POSTs`,
      )
    }
    const org = c.req.param('org')
    const login = loginContext(c)
    if (
      org !== undefined &&
      org !== login.app.organizationId &&
      org !== login.app.organizationId?.slice(0, 15)
    ) {
      throw new SoapFault(
        'INVALID_SESSION_ID',
        `INVALID_SESSION_ID: the server URL names another organization (${org})`,
      )
    }
    const xml = await soapCall(login, c.req.param('version')!, bodyText(c))
    return answerWith(c, xml, 200, { 'content-type': XML })
  } catch (error) {
    if (!(error instanceof SoapFault)) throw error
    return answerWith(c, faultXml(error), 500, { 'content-type': XML })
  }
}
