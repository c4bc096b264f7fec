/** The entry of `key` in `map`, made by `make` the first time it is asked for: a cache, or a group. */
export function entryOf<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}
