/** What `make` gives for `key`, made once and kept in `cache`. */
export function memoized<K, V>(cache: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = cache.get(key)
  if (value === undefined) cache.set(key, (value = make()))
  return value
}
