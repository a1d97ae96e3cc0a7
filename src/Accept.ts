/**
 * The `accept` header as `mediaType` amends it (SPEC §6.8). Plain string
 * scanning, linear in the header's length, no regular expressions.
 *
 * @since 0.1.0
 */
import type { MediaType } from "./Options.js"

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

const isWordChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95

const VND = "application/vnd."
const V3 = ".v3"
const JSON_SUFFIX = "+json"

/** Reads a run of word characters from `i`; returns its end. */
const wordEnd = (s: string, i: number): number => {
  while (i < s.length && isWordChar(s.charCodeAt(i))) i++
  return i
}

/**
 * Rewrites one media type `application/vnd.<vendor>[.v3][.<x>][+json]` to
 * `application/vnd.<vendor>[.v3].<format>`; anything else stays as it is.
 */
const withFormat = (entry: string, format: string): string => {
  let lead = 0
  while (lead < entry.length && (entry.charCodeAt(lead) === 32 || entry.charCodeAt(lead) === 9)) lead++
  let end = entry.length
  while (end > lead && (entry.charCodeAt(end - 1) === 32 || entry.charCodeAt(end - 1) === 9)) end--
  const s = entry.slice(lead, end)
  if (!s.startsWith(VND)) return entry
  const vendorEnd = wordEnd(s, VND.length)
  if (vendorEnd === VND.length) return entry
  let i = vendorEnd
  let version = ""
  if (s.startsWith(V3, i) && !isWordChar(s.charCodeAt(i + V3.length))) {
    version = V3
    i += V3.length
  }
  if (s.charCodeAt(i) === 46 /* . */) {
    const xEnd = wordEnd(s, i + 1)
    if (xEnd === i + 1) return entry
    i = xEnd
  }
  if (s.startsWith(JSON_SUFFIX, i)) i += JSON_SUFFIX.length
  if (i !== s.length) return entry
  return entry.slice(0, lead) + s.slice(0, vendorEnd) + version + "." + format + entry.slice(end)
}

/** Recent `withFormat` rewrites of whole accept values, by format then accept (bounded). */
const formattedCache = new Map<string, Map<string, string>>()
const FORMATTED_CACHE_SIZE = 256

/** Every comma-separated entry of `accept` rewritten for `format`, remembered. */
const formatted = (accept: string, format: string): string => {
  let byAccept = formattedCache.get(format)
  if (byAccept === undefined) {
    if (formattedCache.size >= FORMATTED_CACHE_SIZE) formattedCache.clear()
    formattedCache.set(format, (byAccept = new Map()))
  }
  let value = byAccept.get(accept)
  if (value === undefined) {
    value = accept
      .split(",")
      .map((entry) => withFormat(entry, format))
      .join(",")
    if (byAccept.size >= FORMATTED_CACHE_SIZE) byAccept.clear()
    if (accept.length <= 1024) byAccept.set(accept, value)
  }
  return value
}

const isNameChar = (c: number): boolean => isWordChar(c) || c === 45 /* - */

const PREVIEW = "-preview"

/**
 * The preview names already in an accept value: in each maximal run of word
 * characters and `-`, the text before the run's last `-preview`.
 */
export const previewsIn = (accept: string): Array<string> => {
  const names: Array<string> = []
  const n = accept.length
  let i = 0
  while (i < n) {
    if (!isNameChar(accept.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    while (i < n && isNameChar(accept.charCodeAt(i))) i++
    const run = accept.slice(start, i)
    const at = run.lastIndexOf(PREVIEW)
    if (at > 0) names.push(run.slice(0, at))
  }
  return names
}

/**
 * The accept header after `mediaType`: `format` rewrites vendor media types,
 * `previews` replaces the value with one preview media type per name. An
 * accept value naming `application/octet-stream` is left alone.
 *
 * @example
 * import { amendAccept } from "fp-endpoint/Accept"
 *
 * amendAccept("application/vnd.github.v3+json", { format: "raw" })
 * // "application/vnd.github.v3.raw"
 * amendAccept("application/vnd.github.v3+json", { previews: ["symmetra"] })
 * // "application/vnd.github.symmetra-preview+json"
 *
 * @since 0.1.0
 */
export const amendAccept = (accept: string | undefined, mediaType: MediaType | undefined): string | undefined =>
  mediaType === undefined ? accept : amendWith(accept, mediaType.format ?? "", mediaType.previews ?? [])

/**
 * `amendAccept` with the format and previews given one by one.
 *
 * @internal
 */
export const amendWith = (accept: string | undefined, format: string, previews: ReadonlyArray<string>): string | undefined => {
  if (format === "" && previews.length === 0) return accept
  if (accept !== undefined && accept.includes("application/octet-stream")) return accept
  let value = accept
  if (format !== "" && value !== undefined) value = formatted(value, format)
  if (previews.length > 0) {
    const seen = new Set<string>()
    const names: Array<string> = []
    for (const name of value === undefined ? previews : previewsIn(value).concat(previews)) {
      if (!seen.has(name)) {
        seen.add(name)
        names.push(name)
      }
    }
    const suffix = format !== "" ? "." + format : JSON_SUFFIX
    value = names.map((name) => `application/vnd.github.${name}-preview${suffix}`).join(",")
  }
  return value
}
