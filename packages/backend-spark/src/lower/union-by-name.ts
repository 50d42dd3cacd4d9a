import type { RelationInit } from '../connect/session.js';
import { SetOperation_SetOpType } from '../gen/spark/connect/relations_pb.js';

/** `r1 UNION ALL BY NAME r2 …`: several flows' rows as one relation (one relation is returned as is). */
export function unionByName(relations: readonly RelationInit[]): RelationInit {
  const [first, ...rest] = relations;
  if (first === undefined) throw new RangeError('unionByName needs at least one relation');
  return rest.reduce<RelationInit>((left, right) => ({
    relType: { case: 'setOp', value: { leftInput: left, rightInput: right, setOpType: SetOperation_SetOpType.UNION, isAll: true, byName: true } },
  }), first);
}
