// The one rule for turning a parameter value into text: strings as they are,
// numbers, booleans and bigints by String(); anything else is not a scalar.

/** The text of a scalar value, or `undefined` when the value is not a scalar. */
export const scalarString = (u: unknown): string | undefined => {
  switch (typeof u) {
    case "string":
      return u
    case "number":
    case "boolean":
    case "bigint":
      return String(u)
    default:
      return undefined
  }
}
