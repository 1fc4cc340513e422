/**
 * @module
 * The app catalog: apps and their published and retired versions (docs/fixtures.md#the-default-fixture).
 */
import type { App, Version } from '../schemas/app.js'
import type { ManagementContext } from './context.js'
import { notFound } from './errors.js'
import { type Page, type PageRequest, paginate } from './pagination.js'

export function listApps(ctx: ManagementContext, page: PageRequest): Page<App> {
  return paginate(ctx.store.apps, page)
}

export function getApp(ctx: ManagementContext, appId: string): App {
  const app = ctx.store.apps.findById(appId)
  if (!app) throw notFound('app', appId)
  return app
}

/** Versions of one app, newest first. */
export function listVersions(ctx: ManagementContext, appId: string, page: PageRequest): Page<Version> {
  getApp(ctx, appId)
  return paginate(ctx.store.versions, page, {
    where: (version) => version.appId === appId,
    orderBy: 'publishedAt',
  })
}
