/**
 * The `accept` header as `mediaType` amends it (SPEC §6.8).
 *
 * The two patterns below are anchored, and every repetition in them is
 * followed by a character it cannot match, so they run in linear time (the
 * hostile-input tests feed them 100 000-character headers). The format rewrite
 * is remembered per (format, accept), so it is off the hot path.
 *
 * @since 0.1.0
 */
import { own } from "./internal/object.js"
import type { MediaType } from "./Options.js"

const NO_PREVIEWS: ReadonlyArray<string> = []

/**
 * A media type's own previews, or none: a polluted `Object.prototype` never names one.
 *
 * @internal
 */
export const previewsOf = (m: MediaType | undefined): ReadonlyArray<string> =>
  (m === undefined ? undefined : (own(m, "previews") as ReadonlyArray<string> | undefined)) ?? NO_PREVIEWS

// -------------------------------------------------------------------------------------
// utils
// -------------------------------------------------------------------------------------

/** `application/vnd.<vendor>[.v3][.<x>][+json]`, with spaces or tabs around it. */
const VENDOR_TYPE = /^([ \t]*application\/vnd\.\w+)(\.v3(?!\w))?(?:\.\w+)?(?:\+json)?([ \t]*)$/

/** Recent rewrites of whole accept values, by format then accept (bounded). */
const formattedCache = new Map<string, Map<string, string>>()
const FORMATTED_CACHE_SIZE = 256

/**
 * Every comma-separated entry of `accept` of the form `application/vnd.<vendor>[.v3][.<x>][+json]`
 * rewritten to `application/vnd.<vendor>[.v3].<format>`; remembered.
 */
const formatted = (accept: string, format: string): string => {
  // only short values are remembered: 256 formats of at most 64 characters, 256 accepts of at most 1024 each
  const remembered = accept.length <= 1024 && format.length <= 64
  let byAccept = remembered ? formattedCache.get(format) : undefined
  const hit = byAccept?.get(accept)
  if (hit !== undefined) return hit
  const value = accept
    .split(",")
    .map((entry) => entry.replace(VENDOR_TYPE, (_, vendor: string, v3 = "", space: string) => `${vendor}${v3}.${format}${space}`))
    .join(",")
  if (remembered) {
    if (byAccept === undefined || byAccept.size >= FORMATTED_CACHE_SIZE) {
      if (formattedCache.size >= FORMATTED_CACHE_SIZE) formattedCache.clear()
      formattedCache.set(format, (byAccept = new Map()))
    }
    byAccept.set(accept, value)
  }
  return value
}

/**
 * The accept header after `mediaType`: `format` rewrites vendor media types,
 * `previews` replaces the value with one preview media type per name (those
 * already named in it first). An accept value naming `application/octet-stream`
 * is left alone.
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
export const amendAccept = (accept: string | undefined, mediaType: MediaType | undefined): string | undefined => {
  // own properties only: a polluted Object.prototype never names a format or a preview
  const format = (mediaType === undefined ? undefined : (own(mediaType, "format") as string | undefined)) ?? ""
  const previews = previewsOf(mediaType)
  if ((format === "" && previews.length === 0) || accept?.includes("application/octet-stream")) return accept
  let value = accept
  if (format !== "" && value !== undefined) value = formatted(value, format)
  if (previews.length > 0) {
    // the names already there: in each maximal run of word characters and "-",
    // the text before the run's last "-preview"
    const names = new Set<string>()
    for (const run of value?.match(/[\w-]+/g) ?? []) {
      const at = run.lastIndexOf("-preview")
      if (at > 0) names.add(run.slice(0, at))
    }
    for (const name of previews) names.add(name)
    const suffix = format !== "" ? "." + format : "+json"
    value = Array.from(names, (name) => `application/vnd.github.${name}-preview${suffix}`).join(",")
  }
  return value
}
