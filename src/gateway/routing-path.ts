/**
 * @module
 * The path the one app routes a request by (its `getPath`). Repeated slashes are one
 * (`collapseSlashes`). A native call is routed by its native path, whatever app-URL prefix it
 * came with (`/apps/{environmentId}[/{app}][/t/{token}]`, docs/gateway.md): the built-in app's
 * routes are mounted once, at the native paths, and the gateway reads the prefix from the URL
 * itself. Only native paths the built-in app serves (`/services/...`, `/id/...`) lose their
 * prefix; anything else under `/apps` keeps it, so it reaches the gateway and no other route
 * (`/apps/{id}/v1/...` is not the management API). A trailing slash of a native path is dropped,
 * and `spell` puts its fixed segments in the routes' spelling.
 */
import { parseAppPath } from './app-path.js'
import { collapseSlashes } from './received-call.js'

export function routingPath(path: string, spell: (nativePath: string) => string): string {
  const collapsed = collapseSlashes(path)
  if (collapsed === '/apps' || collapsed.startsWith('/apps/')) {
    const nativePath = parseAppPath(collapsed)?.nativePath
    return nativePath !== undefined && isNativeRoot(nativePath)
      ? spell(withoutTrailingSlash(nativePath))
      : collapsed
  }
  return isNativeRoot(collapsed) ? spell(withoutTrailingSlash(collapsed)) : collapsed
}

/** The paths at the root the gateway answers, and the built-in app's routes live under. */
function isNativeRoot(path: string): boolean {
  return path.startsWith('/services/') || path === '/services' || path.startsWith('/id/')
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}
