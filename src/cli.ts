#!/usr/bin/env node
// The `fp-endpoint` executable: argv, files and the process streams in, an exit code out.
import { readFileSync } from "node:fs"
import { main } from "./CommandLine.js"

// A write fails after main returned when the reader went away (`fp-endpoint --help | true`): exit 1, no stack trace.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => (process.exitCode ||= 1))

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, "utf8"),
  stdin: () => {
    if (process.stdin.isTTY) return undefined // a terminal is no body
    try {
      return readFileSync(0, "utf8")
    } catch {
      return undefined // a closed standard input is none either
    }
  },
})
