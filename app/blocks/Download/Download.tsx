import { useLingui } from '@lingui/react/macro'
import { RichText } from '../../components/RichText'
import { BlockSection } from '../BlockSection'
import type { BlockOf } from '../blocks.fragment'

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
// Creating an Intl.NumberFormat costs far more than formatting with one: keep them.
const formatters = new Map<string, Intl.NumberFormat>()

/** "611 B", "12 kB", "1.2 MB", in the page's language. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  const fractionDigits = value < 10 && unit > 0 ? 1 : 0
  const key = `${locale}|${unit}|${fractionDigits}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: 'short',
      maximumFractionDigits: fractionDigits,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(value)
}

export function Download({ block }: { block: BlockOf<'Download'> }) {
  const { i18n, t } = useLingui()
  return (
    <BlockSection id={block.id} type="download" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      <ul className="downloads">
        {block.files.map((file) => {
          const details = `${file.extension.toUpperCase()}, ${formatFileSize(file.size, i18n.locale)}`
          return (
            <li key={file.url}>
              <a href={file.url} download className="download">
                <span className="download__badge" aria-hidden="true">
                  {file.extension.toUpperCase()}
                </span>
                <span className="download__title">{file.title}</span>
                <span className="download__meta">
                  <span className="visually-hidden">{t`Downloaden`} </span>({details})
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </BlockSection>
  )
}
