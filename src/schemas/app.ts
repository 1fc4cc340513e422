/**
 * @module schemas/app
 * The app catalog: apps, their published versions, API surfaces and actors.
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { AppId, Id, listOf, PageQuery, Timestamp } from './common.js'

export const AppType = z.enum(['replica'])
export type AppType = z.infer<typeof AppType>

export const App = z.strictObject({
  id: AppId,
  type: AppType,
  name: z.string(),
  vendor: z.string(),
  description: z.string(),
  logoPath: z.string(),
  defaultVersionId: Id.nullable(),
})
export type App = z.infer<typeof App>

/** A version's API surface. */
export const Api = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  apiVersions: z.array(z.string().max(32)).max(200),
  pathTemplate: z.string().max(500),
  requestContentType: z.string().max(200),
  actorHeader: z.string().max(200),
  actorVariable: z.string().max(200),
  limitations: z.array(z.string().max(500)).max(50),
  interactive: z.boolean(),
})
export type Api = z.infer<typeof Api>

/** An identity an app can be called as. */
export const Actor = z.strictObject({
  id: z.string().min(1).max(255),
  name: z.string().max(255),
  summary: z.string().max(1000),
})
export type Actor = z.infer<typeof Actor>

export const VersionStatus = z.enum(['published', 'retired'])
export type VersionStatus = z.infer<typeof VersionStatus>

export const Version = z.strictObject({
  id: Id,
  appId: AppId,
  version: z.string(),
  status: VersionStatus,
  isDefault: z.boolean(),
  apis: z.array(Api),
  actors: z.array(Actor),
  publishedAt: Timestamp,
  retiredAt: Timestamp.nullable(),
})
export type Version = z.infer<typeof Version>

export const AppList = listOf(App)
export type AppList = z.infer<typeof AppList>

export const VersionList = listOf(Version)
export type VersionList = z.infer<typeof VersionList>

/** Query of `GET /v1/apps`. */
export const ListAppsQuery = PageQuery
export type ListAppsQuery = z.infer<typeof ListAppsQuery>

/** Query of `GET /v1/apps/{appId}/versions`. */
export const ListVersionsQuery = PageQuery
export type ListVersionsQuery = z.infer<typeof ListVersionsQuery>
