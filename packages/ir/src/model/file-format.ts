/** File formats for file sources and sinks. */
export type FileFormat = 'csv' | 'json' | 'parquet';

/** Every {@link FileFormat}. */
export const FILE_FORMATS: readonly FileFormat[] = ['csv', 'json', 'parquet'];
