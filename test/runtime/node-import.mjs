import * as lib from "fp-endpoint"
import { run } from "./cases.mjs"

const resolved = typeof import.meta.resolve === "function" ? import.meta.resolve("fp-endpoint") : ""
console.log(JSON.stringify({ resolved, results: run(lib) }))
