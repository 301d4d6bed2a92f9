import { describe, expect, it } from 'vitest'
import { csvField, csvRecord } from '../../scripts/lib/csv.mjs'

/** The cells a spreadsheet makes of one field when it splits on `separator` and ignores our quotes. */
function cellsSplitOn(separator: string, field: string): string[] {
  return field.split(separator)
}

const dangerous = /^"*[=+\-@\t\r]/

describe('CSV for spreadsheets', () => {
  it('quotes every field, doubling quotes inside', () => {
    expect(csvRecord([1, 'plain', null, 'say "hi"', 'a,b'])).toBe('"1","plain","","say ""hi""","a,b"\r\n')
  })

  it('defuses a formula at the start of a field', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`)
  })

  it("defuses a formula after any separator a spreadsheet may split on (the issue's message)", () => {
    const field = csvField("Prijs?;=cmd|' /C calc'!A0;")
    expect(field).toBe(`"Prijs?;'=cmd|' /C calc'!A0;"`)
    for (const separator of [';', ',', '\t', '\n', '\r']) {
      for (const start of ['=', '+', '-', '@', '"=']) {
        const cells = cellsSplitOn(separator, csvField(`a${separator}${start}HYPERLINK("x")${separator}${separator}${start}1`))
        expect(cells.slice(1).filter((cell) => dangerous.test(cell))).toEqual([])
      }
    }
  })

  it('defuses a formula after a separator and spaces (a spreadsheet may trim them)', () => {
    expect(csvField('x; =1+1')).toBe(`"x;' =1+1"`)
    expect(csvField('  @SUM(A1)')).toBe(`"'  @SUM(A1)"`)
    expect(csvField('a,  "+1')).toBe(`"a,'  ""+1"`)
  })

  it('leaves ordinary text as it is', () => {
    expect(csvField('Schade aan de voorbumper. Prijs: 100 - 200 euro; graag snel')).toBe(
      '"Schade aan de voorbumper. Prijs: 100 - 200 euro; graag snel"',
    )
  })
})
