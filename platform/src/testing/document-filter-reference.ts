import type { Document, FieldCondition, Filter, Scalar } from '@cn/platform/document-store';

/**
 * The reference semantics of Filter (MongoDB's, for the types the port allows), used by the contract
 * suite's property test: every adapter must select exactly the documents this function selects.
 */
const valueAt = (doc: Document, path: string): { present: boolean; value: unknown } => {
  let current: unknown = doc;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current) || !(key in current)) {
      return { present: false, value: undefined };
    }
    current = (current as Record<string, unknown>)[key];
  }
  return { present: true, value: current };
};

const equals = (value: unknown, wanted: Scalar): boolean => (wanted === null ? value === null || value === undefined : value === wanted);

const comparable = (value: unknown, operand: string | number): value is string | number => typeof value === typeof operand;

const matchesCondition = (value: unknown, present: boolean, condition: FieldCondition): boolean =>
  Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return equals(value, operand as Scalar);
      case '$ne':
        return !equals(value, operand as Scalar);
      case '$in':
        return (operand as Scalar[]).some((item) => equals(value, item));
      case '$nin':
        return !(operand as Scalar[]).some((item) => equals(value, item));
      case '$gt':
        return comparable(value, operand as string | number) && value > (operand as string | number);
      case '$gte':
        return comparable(value, operand as string | number) && value >= (operand as string | number);
      case '$lt':
        return comparable(value, operand as string | number) && value < (operand as string | number);
      case '$lte':
        return comparable(value, operand as string | number) && value <= (operand as string | number);
      case '$exists':
        return present === operand;
      case '$contains':
        return Array.isArray(value) && value.some((item) => item === operand);
      case '$like':
        return typeof value === 'string' && value.toLowerCase().includes(String(operand).toLowerCase());
      default:
        throw new Error(`unknown operator ${operator}`);
    }
  });

export const matchesFilter = (doc: Document, filter: Filter): boolean =>
  Object.entries(filter).every(([field, condition]) => {
    if (condition === undefined) return true;
    if (field === '$and') return (condition as Filter[]).every((sub) => matchesFilter(doc, sub));
    if (field === '$or') return (condition as Filter[]).some((sub) => matchesFilter(doc, sub));
    const { present, value } = valueAt(doc, field);
    if (typeof condition === 'object' && condition !== null && !Array.isArray(condition)) {
      return matchesCondition(value, present, condition);
    }
    return equals(value, condition as Scalar);
  });
