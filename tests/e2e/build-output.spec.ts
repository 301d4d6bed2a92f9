import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { runtimeConfigSchema } from '../../app/server/env.server'

/** Every file the browser can download from the build. */
function publicFiles(dir = '.output/public'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? publicFiles(join(dir, entry.name)) : /\.(?:js|css|html|json)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  )
}

test('no browser chunk carries the server settings (names, defaults or messages)', () => {
  const names = Object.keys(runtimeConfigSchema.entries)
  expect(names).toContain('CACHE_PURGE_SECRET')
  const files = publicFiles()
  expect(files.some((file) => file.endsWith('.js'))).toBe(true)
  const leaks = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return names.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`)
  })
  expect(leaks).toEqual([])
})
