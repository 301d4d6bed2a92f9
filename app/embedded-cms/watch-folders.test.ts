/**
 * The folder watcher on a real folder: every way of writing a file is reported, in every
 * folder, also after the file or its folder was replaced; hidden files are not.
 */
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { watchFolders, type FolderWatch } from './watch-folders.server'

const quietMs = 50
let watch: FolderWatch | undefined

afterEach(() => watch?.close())

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A watched folder and a way to see whether the last action was reported. */
function watchedFolder() {
  const root = mkdtempSync(join(tmpdir(), 'watch-folders-'))
  mkdirSync(join(root, 'pages'))
  writeFileSync(join(root, 'site.yaml'), 'a: 1\n')
  writeFileSync(join(root, 'pages/about.yaml'), 'a: 1\n')
  let changes = 0
  const errors: unknown[] = []
  watch = watchFolders(root, () => changes++, { quietMs, onError: (error) => errors.push(error) })
  /**
   * Whether `action` was reported (within `withinMs`), after the reports of earlier actions are
   * done (none came for a while). The deadline is generous: a report ends the wait, and a loaded
   * machine delivers events late. A report that should not come is looked for `withinMs` only.
   */
  const reported = async (action: () => void, withinMs = 10_000): Promise<boolean> => {
    for (let seen = -1; seen !== changes;) {
      seen = changes
      await pause(quietMs * 3)
    }
    changes = 0
    action()
    const deadline = Date.now() + withinMs
    while (changes === 0 && Date.now() < deadline) await pause(10)
    return changes > 0
  }
  return { root, reported, errors }
}

it('reports writes in place, by rename and by delete and re-create, also in place after a rename', async () => {
  const { root, reported, errors } = watchedFolder()
  for (const file of [join(root, 'site.yaml'), join(root, 'pages/about.yaml')]) {
    expect(await reported(() => appendFileSync(file, 'b: 2\n')), `${file} in place`).toBe(true)
    expect(
      await reported(() => {
        writeFileSync(`${file}.tmp`, 'c: 3\n')
        renameSync(`${file}.tmp`, file)
      }),
      `${file} by rename`,
    ).toBe(true)
    // What Node's recursive watch stops seeing on Linux.
    expect(await reported(() => writeFileSync(file, 'd: 4\n')), `${file} in place after a rename`).toBe(true)
    expect(await reported(() => appendFileSync(file, 'e: 5\n')), `${file} appended after a rename`).toBe(true)
    expect(await reported(() => unlinkSync(file)), `${file} deleted`).toBe(true)
    expect(await reported(() => writeFileSync(file, 'f: 6\n')), `${file} re-created`).toBe(true)
    expect(await reported(() => writeFileSync(file, 'g: 7\n')), `${file} in place after re-creation`).toBe(true)
  }
  expect(await reported(() => writeFileSync(join(root, 'pages/new.yaml'), 'a: 1\n')), 'new file').toBe(true)
  expect(errors).toEqual([])
  // Fifteen writes, each waited for: seconds here, more on a loaded machine.
}, 60_000)

it('reports writes in new folders, renamed folders and a folder made again at the same path', async () => {
  const { root, reported, errors } = watchedFolder()
  const media = join(root, 'media')
  expect(await reported(() => mkdirSync(join(media, 'photos'), { recursive: true })), 'new folders').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'photos/a.webp'), 'a')), 'new file in a new folder').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'photos/a.webp'), 'b')), 'in place in a new folder').toBe(true)

  expect(await reported(() => renameSync(join(media, 'photos'), join(media, 'pictures'))), 'renamed folder').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'pictures/a.webp'), 'c')), 'in place in a renamed folder').toBe(true)

  // A folder made at a path another one was renamed away from.
  expect(await reported(() => mkdirSync(join(media, 'photos'))), 'folder made again').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'photos/b.webp'), 'd')), 'new file in the folder made again').toBe(true)
  expect(await reported(() => rmSync(join(media, 'pictures'), { recursive: true })), 'removed folder').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'photos/b.webp'), 'e')), 'in place after a sibling was removed').toBe(true)

  // A folder moved in whole, with files in it: its files are read by the reload the move causes; later writes are reported.
  const outside = mkdtempSync(join(tmpdir(), 'watch-folders-outside-'))
  mkdirSync(join(outside, 'deep/er'), { recursive: true })
  writeFileSync(join(outside, 'deep/er/c.webp'), 'f')
  expect(await reported(() => renameSync(join(outside, 'deep'), join(media, 'deep'))), 'folder moved in').toBe(true)
  expect(await reported(() => writeFileSync(join(media, 'deep/er/c.webp'), 'g')), 'in place in a nested folder moved in').toBe(true)
  expect(errors).toEqual([])
}, 60_000)

it('ignores hidden files and folders: an editor’s swap files, .git', async () => {
  const { root, reported } = watchedFolder()
  expect(await reported(() => writeFileSync(join(root, 'pages/.about.yaml.swp'), 'x'), 300), 'swap file').toBe(false)
  expect(await reported(() => mkdirSync(join(root, '.git')), 300), 'hidden folder').toBe(false)
  expect(await reported(() => writeFileSync(join(root, '.git/index'), 'x'), 300), 'file in a hidden folder').toBe(false)
  // A save through a hidden temporary file is seen by the name it ends up with.
  expect(
    await reported(() => {
      writeFileSync(join(root, 'pages/.about.yaml.tmp'), 'y')
      renameSync(join(root, 'pages/.about.yaml.tmp'), join(root, 'pages/about.yaml'))
    }),
    'save through a hidden file',
  ).toBe(true)
}, 60_000)

it('stops reporting when closed, and refuses a folder that does not exist', async () => {
  const { root, reported } = watchedFolder()
  watch?.close()
  expect(await reported(() => writeFileSync(join(root, 'site.yaml'), 'z: 1\n'), 300)).toBe(false)
  expect(() => watchFolders(join(root, 'missing'), () => undefined, { quietMs, onError: () => undefined })).toThrow(/cannot watch/)
})
