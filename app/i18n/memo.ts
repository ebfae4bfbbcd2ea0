/**
 * `make(key)` computed once per key. For Intl formatters above all: building one loads locale data and
 * costs milliseconds, using one costs microseconds, and a page hydrating on a phone builds dozens.
 */
export function memoByKey<Key, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const made = new Map<Key, Value>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as Value;
  };
}
