/** The package version; a test keeps it equal to `version` in package.json.
 * @example
 * import { VERSION } from "fp-endpoint"
 * VERSION // "0.1.0", as in the default user-agent "fp-endpoint/0.1.0"
 * @since 0.1.0
 */
export const VERSION = "0.1.0"
