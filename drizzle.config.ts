import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this (no database connection needed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
