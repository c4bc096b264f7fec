import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely'

/** A placeholder value that stands for the value at a position; no lead holds a NUL after the marker. */
const MARKER = '\u0000value:'

type Run<Row> = <T>(db: Kysely<T>, values: readonly unknown[]) => Promise<QueryResult<Row>>

/**
 * A query built and compiled once, then run with new values (compiling costs as much as the rest of
 * storing a lead). `build` gets a function that stands in for the value at each position of `values`.
 */
function prepare<Row>(build: (value: (position: number) => never) => Compilable<Row>): Run<Row> {
  const compiled = build((position) => `${MARKER}${position}` as never).compile()
  const positions = compiled.parameters.map((value) => {
    if (typeof value !== 'string' || !value.startsWith(MARKER))
      throw new Error(`prepared query with a fixed value: ${compiled.sql}`)
    return Number(value.slice(MARKER.length))
  })
  return (db, values) =>
    db.executeQuery({ ...compiled, parameters: positions.map((position) => values[position]) } as CompiledQuery<Row>)
}

/** Sizes up to this keep their compiled query (a batch of 50 leads with three channels is 150 rows); a larger one is compiled for its run. */
const KEPT_SIZES = 256

/** A prepared query whose shape depends on how many rows it handles: one compiled query per size. */
export function preparedBySize<Row>(build: (value: (position: number) => never, count: number) => Compilable<Row>) {
  const bySize = new Map<number, Run<Row>>()
  return (count: number): Run<Row> => {
    let query = bySize.get(count)
    if (!query) {
      query = prepare<Row>((value) => build(value, count))
      if (count <= KEPT_SIZES) bySize.set(count, query)
    }
    return query
  }
}
