/**
 * The SQL for how a person is named beside what they did: "First Last", else their username. `u` is the alias
 * of a `users` row joined to the record (left join: the person may have been deleted, the name is then null).
 */
export const personNameSql = (u: string) =>
  `coalesce(nullif(btrim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;
