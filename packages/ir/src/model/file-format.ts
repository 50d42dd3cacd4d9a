/** File formats for file sources and sinks. */
export type FileFormat = 'csv' | 'json' | 'parquet';

export const FILE_FORMATS: readonly FileFormat[] = ['csv', 'json', 'parquet'];
