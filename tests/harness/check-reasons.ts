/**
 * The reasons of the runtime's check failures as a test compares them: each must end with the input code users
 * see (`[STREAMKAP_ERR_INVALID_INPUT]`, docs/errors.md), which is then taken off, so that the test states the words.
 */
const inputCode = " [STREAMKAP_ERR_INVALID_INPUT]";

export function reasonsWithoutCode(failures: ReadonlyArray<{ reason: string }>): string[] {
  return failures.map(({ reason }) => {
    if (!reason.endsWith(inputCode)) throw new Error(`a check failure without its code: ${reason}`);
    return reason.slice(0, -inputCode.length);
  });
}
