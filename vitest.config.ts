import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    typecheck: { enabled: true, include: ["test/types/**/*.test-d.ts"], tsconfig: "./tsconfig.test.json" },
  },
})
