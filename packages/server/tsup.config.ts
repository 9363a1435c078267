import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * `pnpm build` → dist/main.js (what `pnpm start` runs on Node 20, which cannot run TypeScript), and the
 * operator's commands dist/create-admin.js and dist/backup.js (`backup` / `restore`, docs/operations.md).
 * Workspace packages (TypeScript source) are bundled in; node_modules stay external. The SQL
 * migrations are copied to dist/migrations, where db/client.ts looks for them next to the bundle.
 */
export default defineConfig({
  entry: { main: 'src/main.ts', 'create-admin': 'src/seed/create-admin.ts', backup: 'src/backup/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: [/^@domain-broker\//],
  onSuccess: async () => {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
