// What one JSON text may hold. JSON writes a shared object once per path that reaches it, so a
// small input of shared references (a YAML file's anchors) can ask for exponentially more text.
const MAX_JSON_VALUES = 2 ** 21
const MAX_JSON_CHARS = 2 ** 27

export const TOO_MUCH_JSON = `more than ${MAX_JSON_VALUES} values or ${MAX_JSON_CHARS} characters of keys and strings`

/** A counter for a JSON.stringify replacer: `true` once the keys and values it has met pass either bound. */
export const jsonBudget = (): ((key: string, value: unknown) => boolean) => {
  let values = 0
  let chars = 0
  return (key, value) => ++values > MAX_JSON_VALUES || (chars += key.length + (typeof value === "string" ? value.length : 0)) > MAX_JSON_CHARS
}

/** JSON text with DEL and the C1 controls written as `\u` escapes, as JSON writes the C0 ones: the same value,
 * and nothing a terminal acts on when the text is shown (U+009B is CSI). */
export const withControlsEscaped = (json: string): string =>
  json.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)

/**
 * The first number of valid JSON text, as written, that the number sent would change: one too large for
 * a double (`1e999`, which JSON writes `null`), one too small that is not zero (`1e-400`, sent as `0`),
 * or one that stands for an integer a double changes (it
 * holds `12345678901234567890` as what JSON writes `12345678901234567000`, and `36028797018963968` exactly
 * but written `36028797018963970`). Fractions keep a double's rounding. One loop over the text: a reviver
 * would recurse on deep nesting.
 */
export const changedNumber = (json: string): string | undefined => {
  for (let i = 0; i < json.length; i++) {
    const c = json.charAt(i)
    if (c === '"') i = closingQuote(json, i)
    else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i
      const written = NUMBER.exec(json)![0] // valid JSON: outside strings, "-" and digits only begin numbers
      i += written.length - 1
      const sent = Number(written)
      if (!Number.isFinite(sent) || (sent === 0 && decimal(written)[0] !== "")) return written // too large, or too small (1e-400 is 0)
      if (written.length <= 15) continue // 15 digits or fewer come back as written from a double
      const [digits, exponent] = decimal(written)
      if (exponent >= 0 && decimal(String(sent)).join() !== [digits, exponent].join()) return written
    }
  }
  return undefined
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** The index of the `"` that closes the string opened at `open` (a loop: a regular expression would recurse on a long string). */
const closingQuote = (json: string, open: number): number => {
  let i = open + 1
  while (i < json.length && json.charAt(i) !== '"') i += json.charAt(i) === "\\" ? 2 : 1
  return i
}

/** A JSON number's significant digits and the power of ten of the last (`-1.50e2` is `["15", 1]`, zero `["", 0]`), by loops: no regular expression backtracks over a long run of zeros. */
const decimal = (text: string): [digits: string, exponent: number] => {
  const mark = text.search(/[eE]/)
  const mantissa = mark < 0 ? text : text.slice(0, mark)
  const point = mantissa.indexOf(".")
  const all = mantissa.replace("-", "").replace(".", "")
  let start = 0
  let end = all.length
  while (start < end && all.charAt(start) === "0") start++
  while (end > start && all.charAt(end - 1) === "0") end--
  const exponent = (mark < 0 ? 0 : Number(text.slice(mark + 1))) - (point < 0 ? 0 : mantissa.length - point - 1) + (all.length - end)
  return start === end ? ["", 0] : [all.slice(start, end), exponent]
}
