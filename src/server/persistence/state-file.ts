/**
 * @module
 * The state file: read whole at start, replaced atomically (write a temporary file beside it,
 * fsync, rename over, fsync the directory), so a crash at any moment leaves either the old or
 * the new file, never a torn one.
 */
import { existsSync } from 'node:fs'
import { open, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/** The parsed state file, or undefined when there is none yet. */
export async function readStateFile(path: string): Promise<Record<string, unknown> | undefined> {
  if (!existsSync(path)) return undefined
  const text = await readFile(path, 'utf8')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${path} is not a state file: ${(error as Error).message}`)
  }
}

/** Replaces `path` with `text` atomically and durably. */
export async function writeStateFile(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, path)
  await syncDirectory(dirname(path))
}

/** Makes a rename or a new file in `directory` durable (a no-op where directories cannot be opened). */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(directory, 'r')
    await handle.sync()
  } catch (error) {
    // Windows cannot open a directory; its renames are durable once the file is
    if ((error as NodeJS.ErrnoException).code !== 'EISDIR' && process.platform !== 'win32') throw error
  } finally {
    await handle?.close()
  }
}
