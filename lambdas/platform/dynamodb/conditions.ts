/** Whether a DynamoDB write failed only because its condition did not hold (ElectroDB wraps the SDK's error). */
export function isConditionFailure(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? '');
  return text.includes('ConditionalCheckFailed') || text.includes('conditional request failed');
}
