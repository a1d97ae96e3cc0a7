#!/usr/bin/env node
// The `fp-endpoint` executable: argv and the process streams in, an exit code out.
import { main } from "./CommandLine.js"

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
