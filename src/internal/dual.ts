// Effect-style dual functions: `f(self, ...args)` and `pipe(self, f(...args))`.

/**
 * Makes a function callable data-first with `arity` arguments, or data-last
 * with `arity - 1` arguments (returning a function of `self`).
 */
export const dual = <DataLast extends (...args: Array<any>) => any, DataFirst extends (...args: Array<any>) => any>(
  arity: number,
  body: DataFirst,
): DataLast & DataFirst =>
  function (...args: Array<unknown>) {
    if (args.length >= arity) return body(...args)
    return (self: unknown) => body(self, ...args)
  } as DataLast & DataFirst
