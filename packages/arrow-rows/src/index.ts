export { scaleDecimal, setOwn, tableToRows, type PlainRow, type PlainValue } from './table-to-rows.js';
export { FLOAT_TOLERANCE, compareRows, valuesEqual, type AnyRow, type ChangedRow, type CompareOptions, type RowComparison } from './compare-rows.js';
export { arrowFields, irType, type ArrowField, type IrType } from './arrow-fields.js';
