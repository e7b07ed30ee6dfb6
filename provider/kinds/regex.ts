/**
 * Why a pattern does not compile, or undefined. The service matches on its own side (a Python backend), so
 * Python's named groups `(?P<name>…)` and `(?P=name)` are read as JavaScript's before compiling.
 */
export function regexProblem(pattern: string): string | undefined {
  const asJavaScript = pattern.replace(/\(\?P</g, "(?<").replace(/\(\?P=(\w+)\)/g, "\\k<$1>");
  try {
    new RegExp(asJavaScript);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
  }
}
