/**
 * @module
 * What the platform derives on a file record from its bytes and name (a record rule, run on
 * every write, record-rules.ts): a ContentVersion's size, MD5 checksum, file extension and type
 * and, when not given, its title (the file name without extension); an Attachment's or
 * Document's BodyLength, and a Document's Type (extension) when not given. Each applies only when
 * the object has the fields, so another schema skips it.
 * @see https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_contentversion.htm
 */
import { createHash } from 'node:crypto'
import type { ObjectDef } from '../../schemas/crm-schema.js'
import type { FieldValue, SObjectRecord } from '../records/record-store.js'

/** File extension -> ContentVersion.FileType (the common ones; any other is UNKNOWN). */
const FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'PDF',
  txt: 'TEXT',
  csv: 'CSV',
  json: 'JSON',
  xml: 'XML',
  html: 'HTML',
  htm: 'HTML',
  png: 'PNG',
  jpg: 'JPG',
  jpeg: 'JPEG',
  gif: 'GIF',
  bmp: 'BMP',
  svg: 'SVG',
  zip: 'ZIP',
  doc: 'WORD',
  docx: 'WORD_X',
  xls: 'EXCEL',
  xlsx: 'EXCEL_X',
  ppt: 'POWER_POINT',
  pptx: 'POWER_POINT_X',
  mp4: 'MP4',
  mp3: 'MP3',
}

/** Fills the derived fields of a file record (the draft about to be saved), in place. */
export function deriveFileValues(input: {
  object: ObjectDef
  draft: Record<string, FieldValue>
  previous: SObjectRecord | undefined
}): void {
  const { object, draft, previous } = input
  const name = object.name
  if (name === 'ContentVersion' && 'VersionData' in draft) {
    const bytes = bytesOf(draft.VersionData)
    if ('ContentSize' in draft) draft.ContentSize = bytes?.byteLength ?? null
    if ('Checksum' in draft) draft.Checksum = bytes ? createHash('md5').update(bytes).digest('hex') : null
    const path = typeof draft.PathOnClient === 'string' ? draft.PathOnClient : ''
    const file = path.split(/[\\/]/).at(-1) ?? ''
    const extension = extensionOf(file)
    if ('FileExtension' in draft) draft.FileExtension = extension
    if ('FileType' in draft) draft.FileType = extension ? (FILE_TYPES[extension] ?? 'UNKNOWN') : 'UNKNOWN'
    if ('Title' in draft && (draft.Title === null || draft.Title === '') && file !== '')
      draft.Title = extension ? file.slice(0, -(extension.length + 1)) : file
    if ('ContentModifiedDate' in draft && draft.ContentModifiedDate === null && previous === undefined)
      draft.ContentModifiedDate = draft.CreatedDate ?? null
  }
  if ((name === 'Attachment' || name === 'Document') && 'Body' in draft && 'BodyLength' in draft) {
    draft.BodyLength = bytesOf(draft.Body)?.byteLength ?? null
  }
  if (name === 'Document' && 'Type' in draft && (draft.Type === null || draft.Type === '')) {
    draft.Type = typeof draft.Name === 'string' ? extensionOf(draft.Name) : null
  }
}

/** The bytes of a stored blob (canonical base64), or undefined when there is none. */
export function bytesOf(value: unknown): Buffer | undefined {
  return typeof value === 'string' && value !== '' ? Buffer.from(value, 'base64') : undefined
}

/** `report.PDF` -> `pdf`; null without one. */
function extensionOf(file: string): string | null {
  const dot = file.lastIndexOf('.')
  return dot > 0 && dot < file.length - 1 ? file.slice(dot + 1).toLowerCase() : null
}
