/**
 * @module
 * Validation of an sObject Tree request (`POST /composite/tree/{object}`) before anything runs:
 * every record has `attributes: { type, referenceId }`, roots are of the URL's object, children
 * sit under a child relationship of their parent (`"Contacts": { "records": [...] }`) and are of
 * its object, reference ids are well formed and unique, and the limits hold (200 records, 5
 * levels, 5 object types). What comes out is the records in the order they are created: level
 * by level, each child knowing its parent and the lookup field the tree sets.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/requests_composite_sobject_tree.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { ReplicaError } from '../errors.js'
import type { MetadataService, MetadataView } from '../metadata/metadata-service.js'
import { TREE } from './limits.js'
import { parseBody, TreeRequest } from './schemas.js'

export interface TreeNode {
  referenceId: string
  /** Canonical object name. */
  object: string
  /** The record's own fields (no `attributes`, no child collections). */
  fields: Record<string, unknown>
  /** Where the parent's new id goes: its node's index and this record's lookup field. */
  parent?: { index: number; field: string }
}

interface Walk {
  metadata: MetadataService
  view: MetadataView
  levels: Array<Array<{ node: TreeNode; parentNode?: TreeNode }>>
  referenceIds: Set<string>
  types: Set<string>
  count: number
}

const REFERENCE_ID = /^[A-Za-z0-9][A-Za-z0-9_]*$/

/** The tree's records in creation order (roots first, then each level), or a 400 error. */
export function planTree(
  body: unknown,
  root: ObjectDef,
  metadata: MetadataService,
  view: MetadataView,
): TreeNode[] {
  const request = parseBody(TreeRequest, body, 'sObject tree request')
  const walk: Walk = { metadata, view, levels: [], referenceIds: new Set(), types: new Set(), count: 0 }
  for (const record of request.records) visit(walk, record, root, 0)
  const nodes = walk.levels.flat()
  const index = new Map(nodes.map(({ node }, at) => [node, at]))
  for (const { node, parentNode } of nodes) {
    if (parentNode && node.parent) node.parent.index = index.get(parentNode)!
  }
  return nodes.map(({ node }) => node)
}

function visit(
  walk: Walk,
  record: Record<string, unknown>,
  expected: ObjectDef,
  depth: number,
  parent?: { node: TreeNode; field: string },
): void {
  if (depth >= TREE.depth) limit(`its records nest more than ${TREE.depth} levels deep`)
  if (++walk.count > TREE.records) limit(`it has more than ${TREE.records} records`)
  const { type, referenceId } = attributesOf(record)
  if (walk.referenceIds.has(referenceId)) invalid(`duplicate referenceId "${referenceId}"`)
  walk.referenceIds.add(referenceId)
  if (type.toLowerCase() !== expected.name.toLowerCase()) {
    invalid(`record "${referenceId}" is a ${type} where the tree expects a ${expected.name}`)
  }
  walk.types.add(expected.name)
  if (walk.types.size > TREE.types) limit(`it has records of more than ${TREE.types} object types`)

  const node: TreeNode = { referenceId, object: expected.name, fields: {} }
  if (parent) node.parent = { index: -1, field: parent.field }
  walk.levels[depth] ??= []
  walk.levels[depth].push({ node, parentNode: parent?.node })
  for (const [key, value] of Object.entries(record)) {
    if (key === 'attributes') continue
    if (parent && key.toLowerCase() === parent.field.toLowerCase()) {
      invalid(`record "${referenceId}" sets ${parent.field}, which the tree sets from its parent`)
    }
    const children = childRecords(value)
    if (!children) {
      node.fields[key] = value
      continue
    }
    const relationship = walk.metadata.findChildRelationship(expected, key, walk.view)
    const child = relationship && walk.metadata.findObject(relationship.childSObject, walk.view)
    if (!relationship || !child) {
      throw new ReplicaError('INVALID_FIELD', `No such column '${key}' on sobject of type ${expected.name}`)
    }
    for (const item of children) visit(walk, item, child, depth + 1, { node, field: relationship.field })
  }
}

/** `{ "records": [ {...}, ... ] }` under a child relationship name; undefined for a field value. */
function childRecords(value: unknown): Array<Record<string, unknown>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const records = (value as { records?: unknown }).records
  if (!Array.isArray(records)) return undefined
  if (Object.keys(value).length !== 1 || !records.every((item) => isObject(item))) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      'Failed to read the sObject tree request: child records are written { "records": [ { "attributes": {...}, ... } ] }',
    )
  }
  return records
}

function attributesOf(record: Record<string, unknown>): { type: string; referenceId: string } {
  const attributes = record.attributes
  if (
    !isObject(attributes) ||
    typeof attributes.type !== 'string' ||
    typeof attributes.referenceId !== 'string' ||
    Object.keys(attributes).some((key) => key !== 'type' && key !== 'referenceId')
  ) {
    throw new ReplicaError(
      'JSON_PARSER_ERROR',
      'Failed to read the sObject tree request: each record needs "attributes": { "type": ..., "referenceId": ... } and nothing else there',
    )
  }
  if (!REFERENCE_ID.test(attributes.referenceId)) {
    invalid(
      `referenceId "${attributes.referenceId}" must start with a letter or digit and hold only letters, digits and underscores`,
    )
  }
  return { type: attributes.type, referenceId: attributes.referenceId }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function limit(message: string): never {
  throw new ReplicaError('LIMIT_EXCEEDED', `Failed to create the sObject tree: ${message}`)
}

function invalid(message: string): never {
  throw new ReplicaError('INVALID_INPUT', `Failed to create the sObject tree: ${message}`)
}
