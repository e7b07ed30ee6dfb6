/**
 * `kafkaAccess.password`, `types.0`, `config["database.port"]`: a path inside the inputs as the program would
 * write it, except list positions, which read `.0` as they always have (tests and users' scripts match on them).
 */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      const text = String(part);
      if (index === 0) return text;
      return /^([A-Za-z_$][A-Za-z0-9_$]*|\d+)$/.test(text) ? `.${text}` : `[${JSON.stringify(text)}]`;
    })
    .join("");
}
