import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { runtimeConfigSchema } from '../../app/server/platform/env.server'

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

/**
 * Server code never reaches a browser chunk: the build itself refuses it (vite.config.ts,
 * importProtection). Which files its globs deny is a unit test with the plugin's own matcher
 * (tests/unit/import-protection.test.ts: *.server.* files, app/server/, app/embedded-cms/). This
 * one build shows the plugin applies our list (the embedded CMS is in no default of the plugin's):
 * a copy of the sources whose browser entry imports it must stop and name the import. (A build
 * stops at its first denied import, so one build shows one.)
 */
test('the build refuses server code in the browser (the embedded CMS imported by the browser entry)', () => {
  test.setTimeout(90_000)
  const sources = execFileSync('git', ['ls-files', 'app', '*.ts', '*.json'], { encoding: 'utf8' }).split('\n').filter(Boolean)
  const [module, name] = ['./embedded-cms/content/read', 'readContent']
  const dir = mkdtempSync(join(tmpdir(), 'import-protection-'))
  try {
    for (const file of sources) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      cpSync(file, join(dir, file))
    }
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'))
    const client = join(dir, 'app/client.tsx')
    writeFileSync(client, `import { ${name} } from '${module}'\nconsole.log(${name})\n${readFileSync(client, 'utf8')}`)
    const build = spawnSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: dir,
      encoding: 'utf8',
    })
    expect(build.status).not.toBe(0)
    expect(build.stdout + build.stderr).toContain('Import denied in client environment')
    expect(build.stdout + build.stderr).toContain('Denied by file pattern: **/app/embedded-cms/**')
    expect(build.stdout + build.stderr).toContain(`Import: "${module}"`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
