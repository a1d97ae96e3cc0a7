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
