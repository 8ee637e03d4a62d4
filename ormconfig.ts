import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { buildDataSourceOptions } from './src/database/data-source-options';

/** The DataSource the TypeORM CLI uses (`npm run migration:run`); the app builds the same options. */
export default new DataSource(buildDataSourceOptions(loadConfig().db));
