import { defineConfig } from "drizzle-kit";

// SQL migrations are generated from worker/db/schema.ts into migrations/ (`npm run db:generate`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
