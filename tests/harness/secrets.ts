/**
 * Which of `secrets` appear in `text`, with a little redacted context for each, so a failing assertion says
 * where a secret leaked without printing the secret (or the whole document) into the test log.
 */
export function leakedSecrets(text: string, secrets: readonly string[]): string[] {
  return secrets
    .filter((secret) => secret.length > 0 && text.includes(secret))
    .map((secret) => {
      const at = text.indexOf(secret);
      const context = text
        .slice(Math.max(0, at - 80), at + secret.length + 20)
        .split(secret)
        .join("<SECRET>");
      return `…${context}…`;
    });
}
