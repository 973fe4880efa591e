const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Database ids are UUIDs: anything else in a URL is an invalid id, not a query to send. */
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID.test(value);
}
