import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('vitest');
  console.log(`API tests use a fresh database (${database.kind}).`);
  project.provide('databaseUrl', database.url);
  return () => database.drop();
}
