// `npm run db:seed`: migrates the configured database and loads the sample catalog if it is empty.
import { databaseTimeoutsOf, loadEnv } from '../env';
import { seedSampleCatalogIfEmpty } from '../modules/catalog/seed';
import { openDatabase } from './client';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  timeouts: databaseTimeoutsOf(env),
});
try {
  await database.migrate();
  const added = await seedSampleCatalogIfEmpty(database.db);
  console.log(
    added
      ? `Loaded ${added} sample products.`
      : 'The catalog already has products; nothing loaded.',
  );
} finally {
  await database.close();
}
