// Percent-encoding in one pass: what `allow` names passes, anything else is UTF-8
// percent-encoded. A lone surrogate, which has no UTF-8 form, gives `undefined`: the caller
// names the field in an EndpointError (never a URIError).

/** Unreserved characters only (RFC 3986 §2.3): RFC 6570's simple expansion. */
export const UNRESERVED = 1
/** Unreserved and reserved characters (§2.2) and `%XX` triplets: `{+…}`, `{#…}` and literals. */
export const RESERVED = 2
/** Unreserved characters and `!'()*`, as `encodeURIComponent`: query strings. */
export const COMPONENT = 4

const CLASS = new Uint8Array(128)
const PCT: Array<string> = []
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c)
  CLASS[c] = /[\w.~-]/.test(ch) ? 7 : /[!'()*]/.test(ch) ? 6 : /[:/?#[\]@$&+,;=]/.test(ch) ? 2 : 0
  PCT.push("%" + c.toString(16).toUpperCase().padStart(2, "0"))
}

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102)

/** A run of non-ASCII characters, UTF-8 percent-encoded; `undefined` when it holds a lone surrogate. */
const utf8 = (s: string): string | undefined => {
  try {
    return encodeURIComponent(s)
  } catch {
    return undefined // URIError: a lone surrogate
  }
}

/** `s` percent-encoded but for what `allow` lets through; `undefined` for a lone surrogate. */
export const encode = (s: string, allow: number): string | undefined => {
  let out = ""
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 128 && ((CLASS[c]! & allow) !== 0 || (allow === RESERVED && c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))))) continue
    let end = i + 1
    while (c >= 128 && end < s.length && s.charCodeAt(end) >= 128) end++
    const encoded = c < 128 ? PCT[c] : utf8(s.slice(i, end))
    if (encoded === undefined) return undefined
    out += s.slice(start, i) + encoded
    start = end
    i = end - 1
  }
  return start === 0 ? s : out + s.slice(start)
}

/** The index of the first lone surrogate in `s`, -1 when there is none. */
export const loneSurrogateAt = (s: string): number => s.search(LONE_SURROGATE)

/** A high surrogate without its low half after it, or a low one without its high half before it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The text of a scalar: a string as it is; a finite number, boolean or bigint by `String`; `undefined` for anything else (`NaN` too: a url with `NaN` in it is a failed computation's). */
export const textOf = (u: unknown): string | undefined =>
  typeof u === "string" ? u : (typeof u === "number" && Number.isFinite(u)) || typeof u === "boolean" || typeof u === "bigint" ? String(u) : undefined
