#!/usr/bin/env node
// The `fp-endpoint` executable: argv and the process streams in, an exit code out.
import { main } from "./CommandLine.js"

// A write fails after main returned when the reader went away (`fp-endpoint --help | true`
// gives EPIPE): exit 1, as main does for a writer that throws, not with Node's stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", () => {
    process.exitCode ||= 1 // an exit code of 2 (invalid input) stays
  })
}

process.exitCode = main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
})
