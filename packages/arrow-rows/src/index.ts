export { scaleDecimal, tableToRows, type PlainRow, type PlainValue } from './table-to-rows.js';
