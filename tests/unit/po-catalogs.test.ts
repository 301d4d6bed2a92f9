import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { getConfig } from '@lingui/conf'
import { describe, expect, it } from 'vitest'
import { catalogFiles, catalogStatus } from '../../scripts/lib/catalogs'
import { poFormatter, sourceCommentPrefix } from '../../scripts/lib/po-format'

const config = getConfig({ cwd: process.cwd() })
const files = catalogFiles(config)
const format = poFormatter()
const ctx = (locale: string) => ({ locale, sourceLocale: config.sourceLocale, filename: `${locale}.po` })
// CI installs gettext (.ci/run); without it there is nothing to run.
const hasMsgfmt = !spawnSync('msgfmt', ['--version']).error

describe('PO catalogs', () => {
  it.skipIf(!hasMsgfmt).each(files.map((f) => f.shown))('%s passes msgfmt -c --check-format without a warning', (shown) => {
    const result = spawnSync('msgfmt', ['-c', '--check-format', '-o', '/dev/null', shown], { encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('give translators the Dutch source of every explicit-id message', async () => {
    for (const entry of files) {
      const content = readFileSync(entry.file, 'utf8')
      const catalog = await format.parse(content, ctx(entry.locale))
      const explicit = Object.entries(catalog).filter(([, message]) => message.message === undefined)
      for (const [id, message] of explicit)
        expect(
          message.comments?.some((c) => c.startsWith(sourceCommentPrefix)),
          `${entry.shown} ${id}`,
        ).toBe(true)
    }
  })
})

const fuzzyEntry = `#: app/blocks/InteractiveMap.tsx
#, fuzzy
#| msgid "Route plannen"
msgid "Route plannen!"
msgstr "Route planen"
`

describe('the PO format', () => {
  const de = files.find((f) => f.name === 'messages' && f.locale === 'de')
  if (!de) throw new Error('no de messages catalog')
  const withFuzzy = `${readFileSync(de.file, 'utf8')}\n${fuzzyEntry}`

  it('reads a fuzzy translation as untranslated, so the site shows the Dutch source', async () => {
    const catalog = await format.parse(withFuzzy, ctx('de'))
    const message = Object.values(catalog).find((m) => m.message === 'Route plannen!')
    expect(message?.translation).toBe('')
    expect(catalogStatus(catalog).fuzzy).toEqual(['Route plannen!'])
  })

  it('writes a fuzzy entry back as it was, translation and previous msgid included', async () => {
    const catalog = await format.parse(withFuzzy, ctx('de'))
    const written = await format.serialize(catalog, { ...ctx('de'), existing: withFuzzy })
    expect(written).toContain(fuzzyEntry)
    expect(written).toBe(withFuzzy)
  })
})
