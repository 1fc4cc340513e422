/**
 * @module schemas
 * Zod schemas of the management API: resources, request bodies, query parameters and the error body.
 * Every schema's type is exported beside it under the same name.
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
export * from './app.js'
export * from './audit-event.js'
export * from './common.js'
export * from './credentials.js'
export * from './environment.js'
export * from './error.js'
export * from './me.js'
export * from './request.js'
export * from './snapshot.js'
export * from './workspace.js'
export * from './tenant.js'
