/**
 * A bounded map that forgets its least recently used entry first (a Map keeps insertion order,
 * so re-inserting on read is all the bookkeeping). For caches that must never grow without limit
 * whatever the traffic: prepared statements, resolved API keys.
 */
export class LRU<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Stores the value, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Removes every entry for which `drop` is true. */
  deleteWhere(drop: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.map) if (drop(value, key)) this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
