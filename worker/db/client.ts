/**
 * The drizzle database over any `@libsql/client` Client (the Node driver, the web/HTTP client in
 * workerd, or an in-memory database in tests). Nothing here is host-specific:
 * the host chooses the client.
 */
import type { Client } from "@libsql/client";
import type { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
// The web entry only adds a URL-string convenience we do not use; given a Client it wraps it as is.
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

/** The database every route and domain function uses, with its libSQL client (`$client`). */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/** Wraps a libSQL client in drizzle with the project's schema. */
export function createDb(client: Client): Db {
  return drizzle({ client: client as never, schema }) as unknown as Db;
}

export { schema };
