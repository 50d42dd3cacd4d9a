import { Bool, DateDay, Decimal, Field, Float32, Float64, Int16, Int32, Int64, Schema, TimeUnit, Timestamp, Uint8, Utf8 } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowFields, irType } from '../src/index.js';

describe('arrowFields: an Arrow schema as the contract reports what an engine stored', () => {
  it('maps every Arrow type the IR has to the IR type', () => {
    expect([new Bool(), new Int16(), new Int32(), new Int64(), new Float32(), new Float64(), new Utf8(), new DateDay()].map(irType))
      .toEqual(['bool', 'int16', 'int32', 'int64', 'float32', 'float64', 'utf8', 'date32']);
    expect(irType(new Decimal(2, 20, 128))).toEqual({ type: 'decimal', precision: 20, scale: 2 });
    expect(irType(new Timestamp(TimeUnit.MICROSECOND))).toBe('timestamp');
    expect(irType(new Timestamp(TimeUnit.MICROSECOND, 'UTC'))).toEqual({ type: 'timestamp', unit: 'us', timezone: 'UTC' });
    expect(irType(new Timestamp(TimeUnit.MILLISECOND))).toEqual({ type: 'timestamp', unit: 'ms' });
  });

  it('keeps names, order and nullability; a type the IR has none of has no type but its Arrow name', () => {
    const schema = new Schema([new Field('n', new Int64(), false), new Field('u', new Uint8(), true)]);
    expect(arrowFields(schema)).toEqual([
      { name: 'n', type: 'int64', nullable: false, engineType: 'Int64' },
      { name: 'u', nullable: true, engineType: 'Uint8' },
    ]);
  });
});
