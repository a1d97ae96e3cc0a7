// Fails when a public export has no doc comment with an `@example`.
//
// Walks what src/index.ts exports with the TypeScript compiler API. Every
// exported value, function, class, interface and type alias must carry a JSDoc
// comment with an `@example` tag (on any of its declarations, so one of a set
// of overloads is enough). A namespace re-export (`export * as Route from
// "./Route.js"`) must have a module comment, and each of its exports is
// checked in turn. A declaration tagged `@internal` is exempt (typedoc runs
// with --excludeInternal, so it is not documented either).
//
//   node scripts/check-docs.mjs          exit 1 and a list when something lacks an example
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const entry = join(root, "src/index.ts")

const configFile = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile)
const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
const program = ts.createProgram([entry], { ...parsed.options, noEmit: true })
const checker = program.getTypeChecker()

const source = program.getSourceFile(entry)
if (source === undefined) throw new Error(`cannot read ${entry}`)
const moduleSymbol = checker.getSymbolAtLocation(source)
if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`)

const problems = []
let checked = 0

const where = (decl) => {
  const file = decl.getSourceFile()
  const { line } = file.getLineAndCharacterOfPosition(decl.getStart())
  return `${relative(root, file.fileName)}:${line + 1}`
}

const resolveAlias = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)

/** The JSDoc blocks attached to a declaration (for a variable, on its statement). */
const jsDocsOf = (decl) => {
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl
  return (node.jsDoc ?? []).filter((d) => ts.isJSDoc(d))
}

/** The module comment of a file: its first JSDoc, when it comes before the first import. */
const moduleCommentOf = (file) => {
  const first = file.statements[0]
  if (first === undefined) return undefined
  const docs = (first.jsDoc ?? []).filter((d) => ts.isJSDoc(d))
  return docs[0]
}

const visit = (symbol, path, seen) => {
  const target = resolveAlias(symbol)
  const decls = target.declarations ?? []
  if (decls.length === 0) {
    problems.push(`${path}: no declaration found`)
    return
  }
  // `export * as Name from "./Module.js"`: a namespace; check its exports.
  const moduleDecl = decls.find((d) => ts.isSourceFile(d))
  if (moduleDecl !== undefined) {
    if (seen.has(target)) return
    seen.add(target)
    if (moduleCommentOf(moduleDecl) === undefined) problems.push(`${path}: the module ${relative(root, moduleDecl.fileName)} has no module comment`)
    for (const member of checker.getExportsOfModule(target)) visit(member, `${path}.${member.getName()}`, seen)
    return
  }
  checked++
  const docs = decls.flatMap(jsDocsOf)
  if (docs.length === 0) {
    problems.push(`${path} (${where(decls[0])}): no doc comment`)
    return
  }
  const tagged = (name) => docs.some((d) => (d.tags ?? []).some((t) => t.tagName.text === name))
  if (tagged("internal")) {
    checked--
    return
  }
  if (!tagged("example")) problems.push(`${path} (${where(decls[0])}): doc comment without @example`)
}

const seen = new Set()
for (const symbol of checker.getExportsOfModule(moduleSymbol)) visit(symbol, symbol.getName(), seen)

if (problems.length > 0) {
  console.error(`${problems.length} of the ${checked} exports need a doc comment with @example:`)
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log(`docs: all ${checked} exports have a doc comment with @example`)
