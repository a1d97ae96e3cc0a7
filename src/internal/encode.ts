// Percent-encoding without regular expressions and without `URIError`.
// One pass over the string; a lone surrogate gives `undefined` (its caller names
// the field in an EndpointError), never a URIError.


const HEX = "0123456789ABCDEF"

/**
 * Bit 1: unreserved (ALPHA DIGIT - . _ ~). Bit 2: reserved (gen-delims and
 * sub-delims). Bit 4: what `encodeURIComponent` also leaves alone (! ' ( ) *).
 */
const CLASS = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c)
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || "-._~".includes(ch)) CLASS[c] = 1
  else if (":/?#[]@!$&'()*+,;=".includes(ch)) CLASS[c] = "!'()*".includes(ch) ? 6 : 2
}

/**
 * Which characters pass through unencoded: 1, only unreserved (RFC 3986
 * §2.3); 3, unreserved, reserved and existing `%XX` triplets; 5, what
 * `encodeURIComponent` leaves alone.
 */
export type Allow = 1 | 3 | 5
/** Only unreserved characters pass. */
export const UNRESERVED: Allow = 1
/** Unreserved and reserved characters, and `%XX` triplets, pass. */
export const RESERVED: Allow = 3
/** Unreserved characters and ! ' ( ) * pass, as with `encodeURIComponent`. */
const COMPONENT: Allow = 5

/** Whether a code unit is an unreserved or reserved character (RFC 3986 §2.2, §2.3). */
export const isUriChar = (c: number): boolean => c < 128 && (CLASS[c]! & RESERVED) !== 0

/** Whether a code unit is an ASCII digit. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57


export const isHexDigit = (c: number): boolean =>
  isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)

/** `%XX` for every byte, made once: encoding a character is then one read, not two concatenations. */
const PCT: ReadonlyArray<string> = /* @__PURE__ */ Array.from({ length: 256 }, (_, b) => "%" + HEX[b >> 4] + HEX[b & 15])

const pctByte = (b: number): string => PCT[b]!

/** The UTF-8 percent-encoding of one code point. */
export const pctCodePoint = (cp: number): string => {
  if (cp < 0x80) return pctByte(cp)
  if (cp < 0x800) return pctByte(0xc0 | (cp >> 6)) + pctByte(0x80 | (cp & 63))
  if (cp < 0x10000) return pctByte(0xe0 | (cp >> 12)) + pctByte(0x80 | ((cp >> 6) & 63)) + pctByte(0x80 | (cp & 63))
  return (
    pctByte(0xf0 | (cp >> 18)) +
    pctByte(0x80 | ((cp >> 12) & 63)) +
    pctByte(0x80 | ((cp >> 6) & 63)) +
    pctByte(0x80 | (cp & 63))
  )
}

/**
 * Reads the code point at `i` of a string whose char code there is a
 * surrogate; returns -1 for a lone surrogate.
 */
export const surrogatePair = (s: string, i: number, c: number): number => {
  if (c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1)
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
  }
  return -1
}

/**
 * Percent-encodes `s`, letting through what `allow` names; `undefined` when
 * `s` holds a lone surrogate, which has no UTF-8 encoding.
 */
export const encode = (s: string, allow: Allow): string | undefined => {
  let out = ""
  let start = 0
  const n = s.length
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c < 128) {
      if ((CLASS[c]! & allow) !== 0) continue
      if (
        allow === RESERVED &&
        c === 37 &&
        i + 2 < n &&
        isHexDigit(s.charCodeAt(i + 1)) &&
        isHexDigit(s.charCodeAt(i + 2))
      ) {
        i += 2
        continue
      }
      out += s.slice(start, i) + pctByte(c)
      start = i + 1
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const cp = surrogatePair(s, i, c)
      if (cp < 0) return undefined
      out += s.slice(start, i) + pctCodePoint(cp)
      i++
      start = i + 1
    } else {
      out += s.slice(start, i) + pctCodePoint(c)
      start = i + 1
    }
  }
  return start === 0 ? s : out + s.slice(start)
}

/** `encodeURIComponent` without the `URIError`: the query-string encoding. */
export const encodeComponent = (s: string): string | undefined => encode(s, COMPONENT)

/** The index of the first lone surrogate in `s`, -1 when there is none. */
export const loneSurrogateAt = (s: string): number => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0xd800 || c > 0xdfff) continue
    if (surrogatePair(s, i, c) < 0) return i
    i++
  }
  return -1
}
