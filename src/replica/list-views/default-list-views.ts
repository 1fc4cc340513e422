/**
 * @module
 * The list views an org has for an object before anyone adds one: "All …", "My …" (when it has
 * owners), "New This Week", "New Last Week" and "Recently Viewed …", with the columns Salesforce
 * shows for the standard objects (the name field and the owner's alias otherwise). Only objects
 * with a recently viewed list (the `LastViewedDate` field: tabbed objects) have them.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_listviews.htm
 */
import type { ListViewDef } from '../../schemas/crm-list-view.js'
import type { ObjectDef } from '../../schemas/crm-schema.js'

/** Columns of the standard objects' default views (left out where the object lacks the field). */
const STANDARD_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  Account: ['Name', 'Site', 'BillingState', 'Phone', 'Type', 'Owner.Alias'],
  Contact: ['Name', 'Account.Name', 'Title', 'Phone', 'Email', 'Owner.Alias'],
  Lead: ['Name', 'Company', 'State', 'Email', 'Status', 'CreatedDate', 'Owner.Alias'],
  Opportunity: ['Name', 'Account.Name', 'Amount', 'CloseDate', 'StageName', 'Owner.Alias'],
  Case: ['CaseNumber', 'Contact.Name', 'Subject', 'Status', 'Priority', 'CreatedDate', 'Owner.Alias'],
}

/** The default views of `object`; none for an object without a recently viewed list. */
export function defaultListViews(object: ObjectDef): ListViewDef[] {
  const has = (name: string) => object.fields.some((field) => field.name === name)
  if (!has('LastViewedDate')) return []
  const plural = object.labelPlural
  const compact = plural.replace(/[^A-Za-z0-9]/g, '')
  const nameField = object.fields.find((field) => field.nameField)?.name ?? 'Name'
  const columns = (STANDARD_COLUMNS[object.name] ?? [nameField, 'Owner.Alias']).filter((path) =>
    has(path.includes('.') ? `${path.split('.')[0]}Id` : path),
  )
  const view = (developerName: string, label: string, more: Partial<ListViewDef> = {}): ListViewDef => ({
    developerName,
    label,
    columns,
    filters: [],
    scope: 'everything',
    ...more,
  })
  const created = (value: string) => ({
    filters: [{ field: 'CreatedDate', operation: 'equals' as const, value }],
  })
  const views = [
    // a custom object's is plain "All"; a standard object's names its records
    object.custom ? view('All', 'All') : view(`All${compact}`, `All ${plural}`),
    ...(has('OwnerId') ? [view(`My${compact}`, `My ${plural}`, { scope: 'mine' })] : []),
    view('NewThisWeek', 'New This Week', created('THIS_WEEK')),
    view('NewLastWeek', 'New Last Week', created('LAST_WEEK')),
    view(`RecentlyViewed${compact}`, `Recently Viewed ${plural}`, { scope: 'mru' }),
  ]
  return views
}
