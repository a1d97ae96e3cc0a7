/**
 * The package version; a test keeps it equal to `version` in package.json.
 *
 * @since 0.1.0
 */
export const VERSION = "0.1.0"
