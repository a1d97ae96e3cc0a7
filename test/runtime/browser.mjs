import * as lib from "fp-endpoint"
import { run } from "./cases.mjs"

globalThis.__fpEndpoint = { userAgent: navigator.userAgent, results: run(lib) }
