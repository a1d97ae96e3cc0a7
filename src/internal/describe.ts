// Small text helpers for error messages. Everything here is bounded in the
// length of what it prints, so a 100 000-character hostile key or value never
// turns into a 100 000-character message.

const MAX_SHOWN = 60

/** A short, safe rendering of a string for a message. */
export const quote = (s: string): string =>
  escapeControls(JSON.stringify(s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s))

/** A name as a field path, cut to a bounded length (a 100 000-character parameter name stays short). */
export const shown = (name: string): string =>
  escapeControls(name.length > MAX_SHOWN ? `${name.slice(0, MAX_SHOWN)}…` : name)

/** Control characters as `\u001b` escapes, so a message cannot forge lines or terminal codes. */
const escapeControls = (s: string): string =>
  s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"))

/** What kind of value this is, in words: "null", "array", "function", "Date", ... */
export const kindOf = (u: unknown): string => {
  if (u === null) return "null"
  const t = typeof u
  if (t !== "object") return t
  try {
    if (Array.isArray(u)) return "array"
  } catch {
    return "revoked Proxy" // Array.isArray throws only on a revoked Proxy
  }
  let proto: unknown
  try {
    proto = Object.getPrototypeOf(u)
  } catch {
    return "object"
  }
  if (proto === null || proto === Object.prototype) return "object"
  try {
    const ctor = (proto as { constructor?: unknown }).constructor
    if (typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "") {
      return ctor.name.length > MAX_SHOWN ? "object" : shown(ctor.name) // a class name is caller text: escaped
    }
  } catch {
    // a hostile getter; fall through
  }
  return "object"
}

const isIdentifier = (key: string): boolean => {
  if (key.length === 0 || key.length > MAX_SHOWN) return false
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    const ok =
      (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c === 45 || (i > 0 && c >= 48 && c <= 57)
    if (!ok) return false
  }
  return true
}

/** Extends a field path with a key: `headers` + `accept` → `headers.accept`. */
export const child = (path: string, key: string): string => {
  if (isIdentifier(key)) return path === "" ? key : `${path}.${key}`
  return `${path}[${quote(key)}]`
}
